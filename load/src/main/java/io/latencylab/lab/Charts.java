package io.latencylab.lab;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** The report's charts, drawn by JFreeChart into PNG files beside the report. */
final class Charts {

	private static final int WIDTH = 900;

	private static final int HEIGHT = 420;

	static {
		System.setProperty("java.awt.headless", "true");
	}

	private Charts() {
	}

	/** Lines through points: series name → points {x, y}. */
	static void lines(Path file, String title, String xLabel, String yLabel, Map<String, List<double[]>> series)
			throws IOException {
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
		style(plot);
		save(file, chart);
	}

	/** Requests a second (left axis) and mean latency (right axis) against seconds into the step. */
	static void overTime(Path file, String title, List<double[]> timeline) throws IOException {
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
	static void stackedBars(Path file, String title, String valueLabel, Map<String, Map<String, Double>> bars)
			throws IOException {
		DefaultCategoryDataset dataset = new DefaultCategoryDataset();
		bars.forEach((category, parts) -> parts.forEach((series, value) -> dataset.addValue(value, series, category)));
		JFreeChart chart = ChartFactory.createStackedBarChart(title, null, valueLabel, dataset, PlotOrientation.HORIZONTAL,
				true, false, false);
		CategoryPlot plot = chart.getCategoryPlot();
		plot.setBackgroundPaint(Color.WHITE);
		plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
		plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.STANDARD);
		int height = Math.max(HEIGHT, 160 + 60 * bars.size());
		Files.createDirectories(file.getParent());
		ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, height);
	}

	private static void style(XYPlot plot) {
		plot.setBackgroundPaint(Color.WHITE);
		plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
		plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
		if (plot.getRenderer() instanceof XYLineAndShapeRenderer renderer) {
			for (int i = 0; i < 12; i++) {
				renderer.setSeriesStroke(i, new BasicStroke(2f));
			}
		}
	}

	private static void save(Path file, JFreeChart chart) throws IOException {
		Files.createDirectories(file.getParent());
		ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, HEIGHT);
	}

}
