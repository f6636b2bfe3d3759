package io.latencylab.lab.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.latencylab.observability.Anatomy;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The report's charts, drawn by JFreeChart into PNG files beside the report: one distinct colour
 * per series, a paper's published series (named "study …") dashed, whole numbers on an axis of
 * client counts.
 */
public final class Charts {

	/** Tableau's ten colours and two more: each series its own, none too pale to read on white. */
	static final Color[] PALETTE = { new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728),
			new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f), new Color(0xbcbd22),
			new Color(0x17becf), new Color(0x000000), new Color(0x393b79) };

	private static final int WIDTH = 900;

	private static final int HEIGHT = 420;

	static {
		System.setProperty("java.awt.headless", "true");
	}

	private Charts() {
	}

	/** Adds the point {x, y} to a series of a line chart's data. */
	public static void point(Map<String, List<double[]>> chart, String series, double x, double y) {
		chart.computeIfAbsent(series, (k) -> new ArrayList<>()).add(new double[] { x, y });
	}

	/**
	 * Lines through points: series name → points {x, y}.
	 *
	 * @param wholeX the x axis counts things (clients): ticks on whole numbers only
	 */
	public static void lines(Path file, String title, String xLabel, String yLabel, Map<String, List<double[]>> series,
			boolean wholeX) throws IOException {
		XYSeriesCollection dataset = new XYSeriesCollection();
		series.forEach((name, points) -> {
			XYSeries s = new XYSeries(name, false, true);
			points.forEach((p) -> s.add(p[0], p[1]));
			dataset.addSeries(s);
		});
		JFreeChart chart = ChartFactory.createXYLineChart(title, xLabel, yLabel, dataset, PlotOrientation.VERTICAL, true,
				false, false);
		XYPlot plot = chart.getXYPlot();
		XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
		plot.setRenderer(renderer);
		if (wholeX) {
			((NumberAxis) plot.getDomainAxis()).setStandardTickUnits(NumberAxis.createIntegerTickUnits());
		}
		style(plot);
		save(file, chart);
	}

	/**
	 * Distributions as CDFs: series name → points {value, fraction at or below it}, sorted by value.
	 *
	 * @param logScale a logarithmic value axis, so that a tail a hundred times the median (round
	 * trips) leaves the body readable
	 */
	public static void cdf(Path file, String title, String valueLabel, Map<String, List<double[]>> series,
			boolean logScale) throws IOException {
		XYSeriesCollection dataset = new XYSeriesCollection();
		series.forEach((name, points) -> {
			XYSeries s = new XYSeries(name, false, true);
			points.stream().filter((p) -> p[0] > 0).forEach((p) -> s.add(p[0], p[1]));
			dataset.addSeries(s);
		});
		JFreeChart chart = ChartFactory.createXYLineChart(title, valueLabel, "fraction at or below", dataset,
				PlotOrientation.VERTICAL, true, false, false);
		XYPlot plot = chart.getXYPlot();
		if (logScale) {
			LogAxis axis = new LogAxis(valueLabel + " (log scale)");
			// A tick a decade, labelled as plain numbers, with the nine between marked.
			axis.setTickUnit(new NumberTickUnit(1));
			axis.setNumberFormatOverride(new DecimalFormat("#,##0.#"));
			axis.setMinorTickCount(9);
			axis.setMinorTickMarksVisible(true);
			plot.setDomainAxis(axis);
		}
		plot.setRenderer(new XYLineAndShapeRenderer(true, false));
		style(plot);
		save(file, chart);
	}

	/** Requests a second (left axis) and mean latency (right axis) against seconds into the step. */
	public static void overTime(Path file, String title, List<double[]> timeline) throws IOException {
		XYSeries rate = new XYSeries("requests/s");
		XYSeries latency = new XYSeries("mean response time (ms)");
		for (double[] row : timeline) {
			rate.add(row[0], row[1]);
			latency.add(row[0], row[2]);
		}
		JFreeChart chart = ChartFactory.createXYLineChart(title, "seconds into the step", "requests/s",
				new XYSeriesCollection(rate), PlotOrientation.VERTICAL, true, false, false);
		XYPlot plot = chart.getXYPlot();
		plot.getRenderer().setSeriesPaint(0, new Color(0x1f77b4));
		plot.setRangeAxis(1, new NumberAxis("mean response time (ms)"));
		plot.setDataset(1, new XYSeriesCollection(latency));
		plot.mapDatasetToRangeAxis(1, 1);
		XYLineAndShapeRenderer second = new XYLineAndShapeRenderer(true, false);
		second.setSeriesPaint(0, new Color(0xd62728));
		plot.setRenderer(1, second);
		style(plot);
		save(file, chart);
	}

	/** Stacked bars: category → (series → value), in the maps' order. */
	public static void stackedBars(Path file, String title, String valueLabel, Map<String, Map<String, Double>> bars)
			throws IOException {
		DefaultCategoryDataset dataset = new DefaultCategoryDataset();
		bars.forEach((category, parts) -> parts.forEach((series, value) -> dataset.addValue(value, series, category)));
		JFreeChart chart = ChartFactory.createStackedBarChart(title, null, valueLabel, dataset, PlotOrientation.HORIZONTAL,
				true, false, false);
		CategoryPlot plot = chart.getCategoryPlot();
		plot.setBackgroundPaint(Color.WHITE);
		plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
		plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.STANDARD);
		for (int i = 0; i < dataset.getRowCount(); i++) {
			plot.getRenderer().setSeriesPaint(i, PALETTE[i % PALETTE.length]);
		}
		int height = Math.max(HEIGHT, 160 + 60 * bars.size());
		Files.createDirectories(file.getParent());
		ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, height);
	}

	/**
	 * A waterfall (Gantt) of one request: a bar a row on a shared time axis in milliseconds after
	 * its client set out, the client on top; colour by what a bar is (the client, the front door,
	 * each service's spans, a hop's client span).
	 */
	public static void waterfall(Path file, String title, Anatomy anatomy) throws IOException {
		XYIntervalSeriesCollection dataset = new XYIntervalSeriesCollection();
		Map<String, XYIntervalSeries> series = new LinkedHashMap<>();
		List<Anatomy.Bar> bars = anatomy.bars();
		String[] labels = new String[bars.size()];
		for (int row = 0; row < bars.size(); row++) {
			Anatomy.Bar bar = bars.get(row);
			String legend = switch (bar.kind()) {
				case CLIENT -> "client";
				case FRONT_DOOR -> "front door";
				case HOP -> "a hop's client span (around its callee: network + queueing)";
				case SPAN -> bar.service();
			};
			series.computeIfAbsent(legend, XYIntervalSeries::new)
				.add(row, row - 0.35, row + 0.35, bar.startMs(), bar.startMs(), bar.endMs());
			labels[row] = bar.label() + String.format(Locale.ROOT, "  %.2f ms", bar.endMs() - bar.startMs());
		}
		series.values().forEach(dataset::addSeries);
		SymbolAxis rows = new SymbolAxis(null, labels);
		rows.setInverted(true);
		rows.setGridBandsVisible(false);
		NumberAxis time = new NumberAxis("ms after the client set out");
		XYBarRenderer renderer = new XYBarRenderer();
		renderer.setUseYInterval(true);
		renderer.setShadowVisible(false);
		renderer.setBarPainter(new StandardXYBarPainter());
		for (int i = 0; i < dataset.getSeriesCount(); i++) {
			renderer.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
		}
		XYPlot plot = new XYPlot(dataset, rows, time, renderer);
		plot.setOrientation(PlotOrientation.HORIZONTAL);
		plot.setBackgroundPaint(Color.WHITE);
		plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
		JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
		chart.setBackgroundPaint(Color.WHITE);
		Files.createDirectories(file.getParent());
		ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH + 300, 160 + 22 * bars.size());
	}

	private static void style(XYPlot plot) {
		plot.setBackgroundPaint(Color.WHITE);
		plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
		plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
		if (plot.getRenderer() instanceof XYLineAndShapeRenderer renderer) {
			for (int i = 0; i < plot.getSeriesCount(); i++) {
				// A paper's own figures dashed, ours solid: the two read apart at a glance.
				boolean published = plot.getDataset().getSeriesKey(i).toString().startsWith("study ");
				renderer.setSeriesStroke(i, published ? new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
						new float[] { 8f, 5f }, 0f) : new BasicStroke(2f));
				renderer.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
			}
		}
	}

	private static void save(Path file, JFreeChart chart) throws IOException {
		Files.createDirectories(file.getParent());
		ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, HEIGHT);
	}

}
