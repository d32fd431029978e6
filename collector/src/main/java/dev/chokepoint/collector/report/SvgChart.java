package dev.chokepoint.collector.report;

import dev.chokepoint.collector.signals.Unit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small time chart as inline SVG: step bands behind, up to two lines (left and right axes, each
 * scaled to its own maximum), and vertical onset markers. Generated here rather than with a chart
 * library so the page has no script and no network dependency at view time.
 */
final class SvgChart {

    static final int WIDTH = 900;
    static final int HEIGHT = 170;
    private static final int LEFT = 58;
    private static final int RIGHT = 58;
    private static final int TOP = 22;
    private static final int BOTTOM = 22;

    record Band(long fromMillis, long toMillis, String label) {
    }

    record Line(String name, double[] values, Unit unit, String color, double fixedMax) {
    }

    record Marker(long atMillis, String label) {
    }

    private final String title;
    private final long[] times;
    private final long t0;
    private final long t1;
    private final List<Band> bands = new ArrayList<>();
    private final List<Line> lines = new ArrayList<>();
    private final List<Marker> markers = new ArrayList<>();

    SvgChart(String title, long[] times, long fromMillis, long toMillis) {
        this.title = title;
        this.times = times;
        this.t0 = fromMillis;
        this.t1 = Math.max(toMillis, fromMillis + 1);
    }

    SvgChart band(Band b) {
        bands.add(b);
        return this;
    }

    /** At most two lines: the first on the left axis, the second on the right. */
    SvgChart line(Line l) {
        lines.add(l);
        return this;
    }

    SvgChart marker(Marker m) {
        markers.add(m);
        return this;
    }

    String render() {
        StringBuilder s = new StringBuilder();
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
                .append("\" class=\"chart\" role=\"img\" aria-label=\"").append(Html.escape(title)).append("\">");
        s.append("<text x=\"").append(LEFT).append("\" y=\"14\" class=\"title\">").append(Html.escape(title)).append("</text>");
        int i = 0;
        for (Band b : bands) {
            double x0 = x(b.fromMillis());
            double x1 = x(b.toMillis());
            s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" class=\"band%d\"/>",
                    x0, TOP, Math.max(0, x1 - x0), HEIGHT - TOP - BOTTOM, i++ % 2));
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"band-label\">%s</text>",
                    x0 + 3, HEIGHT - 6, Html.escape(b.label())));
        }
        s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"frame\"/>",
                LEFT, TOP, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM));
        for (int k = 0; k < lines.size() && k < 2; k++) {
            s.append(path(lines.get(k), k == 0));
        }
        for (Marker m : markers) {
            double x = x(m.atMillis());
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"onset\"><title>%s</title></line>",
                    x, TOP, x, HEIGHT - BOTTOM, Html.escape(m.label())));
            // Near the right edge the label goes to the left of its marker, or it would be cut off.
            boolean flip = x > WIDTH - RIGHT - 140;
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"%s\" class=\"onset-label\">%s</text>",
                    flip ? x - 2 : x + 2, TOP + 10, flip ? "end" : "start", Html.escape(m.label())));
        }
        s.append("</svg>");
        return s.toString();
    }

    private String path(Line l, boolean leftAxis) {
        double max = l.fixedMax() > 0 ? l.fixedMax() : 0;
        for (double v : l.values()) {
            if (!Double.isNaN(v) && v > max) {
                max = v;
            }
        }
        if (max <= 0) {
            max = 1;
        }
        StringBuilder d = new StringBuilder();
        boolean pen = false;
        for (int i = 0; i < times.length && i < l.values().length; i++) {
            double v = l.values()[i];
            if (Double.isNaN(v)) {
                pen = false;
                continue;
            }
            d.append(pen ? 'L' : 'M').append(String.format(Locale.ROOT, "%.1f,%.1f ", x(times[i]), y(v, max)));
            pen = true;
        }
        int axisX = leftAxis ? LEFT - 4 : WIDTH - RIGHT + 4;
        String anchor = leftAxis ? "end" : "start";
        return "<path d=\"" + d.toString().strip() + "\" fill=\"none\" stroke=\"" + l.color() + "\" stroke-width=\"1.6\"/>"
                + String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"%s\" class=\"axis\" fill=\"%s\">%s</text>",
                axisX, TOP + 8, anchor, l.color(), Html.escape(l.unit().format(max)))
                + String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"%s\" class=\"axis\" fill=\"%s\">%s</text>",
                axisX, TOP + 20, anchor, l.color(), Html.escape(l.name()))
                + String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"%s\" class=\"axis\">0</text>",
                axisX, HEIGHT - BOTTOM, anchor);
    }

    private double x(long millis) {
        return LEFT + (double) (millis - t0) / (t1 - t0) * (WIDTH - LEFT - RIGHT);
    }

    private double y(double v, double max) {
        double h = HEIGHT - TOP - BOTTOM;
        return TOP + h - Math.max(0, Math.min(1, v / max)) * h;
    }
}
