package io.latencylab.lab.report;

import java.util.ArrayList;
import java.util.List;

import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * A report as a list of blocks, written out twice: as Markdown (report.md, for terminals and
 * diffs) and as HTML (report.html, with the charts inline).
 */
public final class ReportDocument {

	/** One part of the report. */
	public sealed interface Block permits Heading, Text, Table, Image {
	}

	public record Heading(int level, String text) implements Block {
	}

	public record Text(String text) implements Block {
	}

	public record Table(List<String> headers, List<List<String>> rows) implements Block {
	}

	/** @param file relative to the report */
	public record Image(String file, String alt) implements Block {
	}

	private final List<Block> blocks = new ArrayList<>();

	public ReportDocument heading(int level, String text) {
		this.blocks.add(new Heading(level, text));
		return this;
	}

	public ReportDocument text(String text) {
		this.blocks.add(new Text(text));
		return this;
	}

	public ReportDocument table(List<String> headers, List<List<String>> rows) {
		this.blocks.add(new Table(headers, rows));
		return this;
	}

	public ReportDocument image(String file, String alt) {
		this.blocks.add(new Image(file, alt));
		return this;
	}

	public List<Block> blocks() {
		return this.blocks;
	}

	public String markdown() {
		StringBuilder md = new StringBuilder();
		for (Block block : this.blocks) {
			switch (block) {
				case Heading h -> md.append("#".repeat(h.level())).append(' ').append(h.text()).append("\n\n");
				case Text t -> md.append(t.text()).append("\n\n");
				case Table t -> {
					md.append("| ").append(String.join(" | ", t.headers())).append(" |\n");
					md.append("|").append("---|".repeat(t.headers().size())).append('\n');
					t.rows().forEach((row) -> md.append("| ").append(String.join(" | ", row)).append(" |\n"));
					md.append('\n');
				}
				case Image i -> md.append("![").append(i.alt()).append("](").append(i.file()).append(")\n\n");
			}
		}
		return md.toString();
	}

	/** The Markdown rendered by CommonMark (with GitHub's tables), in a page of its own with the report's style. */
	public String html(String title) {
		return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + escape(title)
				+ "</title>\n<style>body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;"
				+ "color:#222}table{border-collapse:collapse;margin:1em 0;font-size:0.9em}"
				+ "th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}th{background:#f3f3f3}"
				+ "td:first-child,th:first-child{text-align:left}img{max-width:100%;border:1px solid #eee}"
				+ "code{background:#f6f6f6;padding:0 3px}</style></head><body>\n"
				+ RENDERER.render(PARSER.parse(markdown())) + "</body></html>\n";
	}

	private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());

	private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();

	/** Text is text: a "<run id>" in a sentence is shown, not taken for a tag. */
	private static final HtmlRenderer RENDERER = HtmlRenderer.builder().extensions(EXTENSIONS).escapeHtml(true).build();

	static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
	}

}
