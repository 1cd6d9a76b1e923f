package dev.vigil.desktop.overview;

import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStats;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.FindingTrend;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import javafx.collections.FXCollections;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.Chart;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.PieChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The overview's four charts: by severity (pie, one colour per severity), by status (bars), by scan type
 * (pie, in colours no severity uses) and open findings per day (lines). A slice's label carries its count,
 * so the pies need no legend; a click on a slice or a bar hands the filter that lists its findings to
 * {@link #onDrillDown}. Colours come from the stylesheet; the charts do not animate.
 */
final class OverviewCharts extends GridPane {

    private final PieChart bySeverity = pie("chart-severity", "By severity");
    private final BarChart<String, Number> byStatus = bars("chart-status", "By status");
    private final PieChart byKind = pie("chart-kind", "By scan type");
    private final TrendAxis days = new TrendAxis();
    private final LineChart<Number, Number> trend = new LineChart<>(days.axis(), new NumberAxis());
    private Consumer<FindingFilter> drillDown = filter -> { };

    OverviewCharts() {
        getStyleClass().add("overview-charts");
        trend.setId("chart-trend");
        trend.setTitle("Open findings, last " + OverviewViewModel.DAYS + " days");
        trend.setAnimated(false);
        trend.setCreateSymbols(false);
        trend.setVerticalZeroLineVisible(false);  // day 0 is the last day, not an origin to mark
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

    /** Where a click on a slice or a bar leads: the filter of its findings (severity, status or scan type). */
    void onDrillDown(Consumer<FindingFilter> then) {
        drillDown = then;
    }

    void show(FindingStats stats, FindingTrend perDay) {
        List<Slice> severities = new ArrayList<>();
        for (Severity severity : Severity.values()) {
            Slice.of(label(severity.wire()), count(stats.bySeverity(), severity.wire()), severity.wire(),
                    FindingFilter.none().withSeverities(Set.of(severity))).ifPresent(severities::add);
        }
        fill(bySeverity, severities);
        XYChart.Series<String, Number> statuses = new XYChart.Series<>();
        statuses.setName("Findings");
        for (FindingStatus status : FindingStatus.values()) {
            statuses.getData().add(new XYChart.Data<>(label(status.wire()), count(stats.byStatus(), status.wire())));
        }
        byStatus.setData(FXCollections.observableArrayList(List.of(statuses)));
        for (int i = 0; i < statuses.getData().size(); i++) {
            FindingStatus status = FindingStatus.values()[i];
            XYChart.Data<String, Number> bar = statuses.getData().get(i);
            drillsDown(bar.getNode(), bar.getXValue() + ": " + bar.getYValue() + " findings",
                    FindingFilter.none().withStatuses(Set.of(status)));
        }
        List<Slice> kinds = new ArrayList<>();
        for (ScanKind kind : ScanKind.values()) {
            Slice.of(kind.wire().toUpperCase(Locale.ROOT), count(stats.byScanType(), kind.wire()), "kind-" + kind.wire(),
                    FindingFilter.none().withScanType(kind)).ifPresent(kinds::add);
        }
        fill(byKind, kinds);
        XYChart.Series<Number, Number> open = new XYChart.Series<>();
        open.setName("Open");
        XYChart.Series<Number, Number> severe = new XYChart.Series<>();
        severe.setName("Critical + high");
        days.span(perDay.points());
        for (FindingTrend.Point point : perDay.points()) {
            open.getData().add(new XYChart.Data<>(days.x(point.date()), point.open()));
            severe.getData().add(new XYChart.Data<>(days.x(point.date()), point.criticalHigh()));
        }
        trend.setData(FXCollections.observableArrayList(List.of(open, severe)));
    }

    /** A slice named with its count ("Critical · 12"), its style class, and the findings a click lists. */
    private record Slice(PieChart.Data data, String style, String what, FindingFilter filter) {

        /** None for a count of 0: its label would pile on another's. */
        static Optional<Slice> of(String name, long count, String style, FindingFilter filter) {
            String figure = String.format(Locale.ROOT, "%,d", count);
            return count == 0 ? Optional.empty() : Optional.of(new Slice(new PieChart.Data(name + " · " + figure, count),
                    style, name + ": " + figure + " findings", filter));
        }
    }

    /** Sets the slices at once, then styles them: the chart resets a slice's style classes as others are added. */
    private void fill(PieChart chart, List<Slice> slices) {
        chart.setData(FXCollections.observableArrayList(slices.stream().map(Slice::data).toList()));
        for (Slice slice : slices) {
            slice.data().getNode().getStyleClass().add(slice.style());
            drillsDown(slice.data().getNode(), slice.what(), slice.filter());
        }
    }

    private void drillsDown(Node node, String what, FindingFilter filter) {
        if (node == null) {
            return;
        }
        node.setCursor(Cursor.HAND);
        Tooltip.install(node, new Tooltip(what + ". Click to list them on the Findings page."));
        node.setOnMouseClicked(event -> drillDown.accept(filter));
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
        chart.setLabelsVisible(true);
        chart.setLabelLineLength(8);
        chart.setLegendVisible(false);
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
