package dev.vigil.desktop.overview;

import dev.vigil.model.FindingTrend;
import javafx.scene.chart.NumberAxis;
import javafx.scene.text.Text;
import javafx.util.StringConverter;

import java.time.LocalDate;
import java.util.List;

/**
 * The trend's time axis, in days before the last one (0 is the last day): a tick a day, and from the first
 * day one a week labelled with its ISO date (yyyy-MM-dd, as everywhere in the dashboard), so that the labels
 * fit side by side without turning. Only the weekly ticks are major, since an axis with more labelled ticks
 * than fit hides every other one, empty or not; the axis starts at the first day, where a number axis puts
 * its first major tick (the first date reaches into the corner below the count axis), and leaves room after
 * the last day for half a date.
 */
final class TrendAxis {

    /** Days between two labelled ticks. */
    static final int LABEL_EVERY = 7;

    private final NumberAxis axis = new NumberAxis();
    private final Text widest = new Text("0000-00-00");
    private LocalDate last = LocalDate.EPOCH;
    private long days = -1;

    TrendAxis() {
        axis.setAutoRanging(false);
        axis.setForceZeroInRange(false);
        axis.setTickUnit(LABEL_EVERY);  // from the first whole value past the lower end: the first day
        axis.setMinorTickCount(LABEL_EVERY);
        axis.setTickLabelRotation(0);
        axis.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number daysBefore) {
                return label(daysBefore.doubleValue());
            }

            @Override
            public Number fromString(String date) {
                return LocalDate.parse(date).toEpochDay() - last.toEpochDay();
            }
        });
        axis.widthProperty().addListener((observable, was, now) -> fit());
        axis.tickLabelFontProperty().addListener((observable, was, now) -> fit());
    }

    NumberAxis axis() {
        return axis;
    }

    /** Spans the axis over {@code points}' days; call before {@link #x}. */
    void span(List<FindingTrend.Point> points) {
        if (points.isEmpty()) {
            return;
        }
        last = points.getLast().date();
        days = last.toEpochDay() - points.getFirst().date().toEpochDay();
        fit();
    }

    /** The x value of {@code day}: how many days it is after the last day (0 or less). */
    long x(LocalDate day) {
        return day.toEpochDay() - last.toEpochDay();
    }

    /**
     * Room after the last day: at least half a day, and enough for half a date beside the end tick at the
     * axis' width ({@code room × width / (days + room) ≥ half a date}).
     */
    private void fit() {
        if (days < 0) {
            return;
        }
        widest.setFont(axis.getTickLabelFont());
        double half = widest.getLayoutBounds().getWidth() / 2 + 2;
        double width = axis.getWidth();
        double room = width > 4 * half ? Math.max(0.5, half * days / (width - half)) : 0.5;
        axis.setLowerBound(-days);
        axis.setUpperBound(room);
    }

    /** The ISO date of every seventh day from the first; none for the other values. */
    String label(double daysBefore) {
        if (daysBefore != Math.rint(daysBefore) || ((long) daysBefore + days) % LABEL_EVERY != 0) {
            return "";
        }
        return last.plusDays((long) daysBefore).toString();
    }
}
