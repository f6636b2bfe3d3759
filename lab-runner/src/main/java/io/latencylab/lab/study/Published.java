package io.latencylab.lab.study;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import tools.jackson.databind.json.JsonMapper;

/**
 * The figures a study published, as data: published.json in the study's package, one entry per
 * table or figure of the paper, under the paper's own number ("Table 1.2").
 */
public record Published(String paper, List<Figure> figures) {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/**
	 * One table or figure: its rows, each a map from column to value, as the paper printed it.
	 *
	 * @param id the paper's number: "Table A.1", "Figure 2"
	 */
	public record Figure(String id, String caption, List<String> columns, List<Map<String, Object>> rows) {

		/** The first row whose columns have the given values. */
		public Optional<Map<String, Object>> row(Map<String, Object> key) {
			return this.rows.stream()
				.filter((row) -> key.entrySet().stream().allMatch((e) -> same(row.get(e.getKey()), e.getValue())))
				.findFirst();
		}

		private static boolean same(Object a, Object b) {
			if (a instanceof Number x && b instanceof Number y) {
				return x.doubleValue() == y.doubleValue();
			}
			return a != null && a.equals(b);
		}

	}

	/** The published.json beside {@code study}. */
	public static Published of(Class<?> study) {
		try (InputStream in = study.getResourceAsStream("published.json")) {
			if (in == null) {
				throw new IllegalStateException("no published.json beside " + study.getName());
			}
			return JSON.readValue(in, Published.class);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	public Figure figure(String id) {
		return this.figures.stream()
			.filter((f) -> f.id().equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("no " + id + " among the published figures of " + this.paper));
	}

	/** A number of a row, or NaN where the paper gave none. */
	public static double number(Map<String, Object> row, String column) {
		return (row.get(column) instanceof Number n) ? n.doubleValue() : Double.NaN;
	}

}
