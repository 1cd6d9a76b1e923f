package dev.vigil.desktop.overview;

import dev.vigil.model.FindingStats;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.FindingTrend;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import javafx.collections.FXCollections;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.Chart;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.PieChart;
import javafx.scene.chart.XYChart;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;

import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The overview's four charts: by severity (pie, one colour per severity), by status (bars), by scan type
 * (pie) and open findings per day (lines). Colours come from the stylesheet; the charts do not animate.
 */
final class OverviewCharts extends GridPane {

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("MM-dd", Locale.ROOT);

    private final PieChart bySeverity = pie("chart-severity", "By severity");
    private final BarChart<String, Number> byStatus = bars("chart-status", "By status");
    private final PieChart byKind = pie("chart-kind", "By scan type");
    private final LineChart<String, Number> trend = new LineChart<>(new CategoryAxis(), new NumberAxis());

    OverviewCharts() {
        getStyleClass().add("overview-charts");
        trend.setId("chart-trend");
        trend.setTitle("Open findings, last " + OverviewViewModel.DAYS + " days");
        trend.setAnimated(false);
        trend.setCreateSymbols(false);
        add(bySeverity, 0, 0);
        add(byStatus, 1, 0);
        add(byKind, 2, 0);
        add(trend, 0, 1, 3, 1);
        for (Chart chart : new Chart[]{bySeverity, byStatus, byKind, trend}) {
            setHgrow(chart, Priority.ALWAYS);
            setVgrow(chart, Priority.ALWAYS);
            chart.setMinSize(200, 200);
        }
    }

    void show(FindingStats stats, FindingTrend days) {
        bySeverity.setData(FXCollections.observableArrayList());
        for (Severity severity : Severity.values()) {
            bySeverity.getData().add(new PieChart.Data(label(severity.wire()), count(stats.bySeverity(), severity.wire())));
        }
        XYChart.Series<String, Number> statuses = new XYChart.Series<>();
        statuses.setName("Findings");
        for (FindingStatus status : FindingStatus.values()) {
            statuses.getData().add(new XYChart.Data<>(label(status.wire()), count(stats.byStatus(), status.wire())));
        }
        byStatus.setData(FXCollections.observableArrayList(List.of(statuses)));
        byKind.setData(FXCollections.observableArrayList());
        for (ScanKind kind : ScanKind.values()) {
            byKind.getData().add(new PieChart.Data(kind.wire().toUpperCase(Locale.ROOT), count(stats.byScanType(), kind.wire())));
        }
        XYChart.Series<String, Number> open = new XYChart.Series<>();
        open.setName("Open");
        XYChart.Series<String, Number> severe = new XYChart.Series<>();
        severe.setName("Critical + high");
        for (FindingTrend.Point point : days.points()) {
            open.getData().add(new XYChart.Data<>(DAY.format(point.date()), point.open()));
            severe.getData().add(new XYChart.Data<>(DAY.format(point.date()), point.criticalHigh()));
        }
        trend.setData(FXCollections.observableArrayList(List.of(open, severe)));
    }

    private static long count(Map<String, Long> counts, String key) {
        return counts.getOrDefault(key, 0L);
    }

    private static String label(String wire) {
        String words = wire.replace('_', ' ');
        return Character.toUpperCase(words.charAt(0)) + words.substring(1);
    }

    private static PieChart pie(String id, String title) {
        PieChart chart = new PieChart();
        chart.setId(id);
        chart.setTitle(title);
        chart.setAnimated(false);
        chart.setLabelsVisible(false);
        chart.setLegendVisible(true);
        return chart;
    }

    private static BarChart<String, Number> bars(String id, String title) {
        BarChart<String, Number> chart = new BarChart<>(new CategoryAxis(), new NumberAxis());
        chart.setId(id);
        chart.setTitle(title);
        chart.setAnimated(false);
        chart.setLegendVisible(false);
        return chart;
    }
}
