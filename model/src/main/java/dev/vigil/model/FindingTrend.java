package dev.vigil.model;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Open findings over the last {@code days} UTC days (optionally of one project): one point per day, counted
 * at the end of that day (today: now), and how many findings were resolved within the period.
 */
public record FindingTrend(int days, List<Point> points, long resolvedInPeriod) {

    public FindingTrend {
        points = List.copyOf(points);
    }

    /** Findings open, in backlog or in progress on {@code date}; {@code criticalHigh} of them critical or high. */
    public record Point(LocalDate date, long open, long criticalHigh) {
    }

    /** The latest point, or zeros when there is none. */
    public Point latest() {
        return points.isEmpty() ? new Point(LocalDate.now(ZoneOffset.UTC), 0, 0) : points.getLast();
    }
}
