package io.latencylab.lab.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.ext.heading.anchor.IdGenerator;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Heading;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.text.TextContentRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every relative link of the README and the manual resolves: the file or folder it names exists,
 * and its anchor is a heading of that page (GitHub's ids, as commonmark's heading-anchor extension
 * makes them) or an explicit id. Links with a scheme (https:, mailto:) are not followed. And the
 * manual holds no run's id: those are dated figures, kept in docs/results/.
 */
class DocsLinksTests {

	private static final Path PROJECT = Path.of("..").toAbsolutePath().normalize();

	private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create())).build();

	private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

	private static final Pattern ADOC_LINK = Pattern.compile("(?:xref|link|include|image):([^\\[\\s:]+?)(?:#([^\\[]*))?\\[");

	/** A run's folder name: the study or command, then its date and time (runs/quick-20261128-195957). */
	private static final Pattern RUN_ID = Pattern.compile("\\b[a-z][a-z0-9-]*-20\\d{6}-\\d{6}\\b");

	private static final Pattern HTML_ID = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"");

	private final Map<Path, Set<String>> anchors = new HashMap<>();

	@Test
	void everyRelativeLinkAndAnchorOfTheReadmeAndTheManualResolves() throws IOException {
		List<Path> pages = pages();
		assertThat(pages).as("pages found").hasSizeGreaterThan(20);
		List<String> broken = new ArrayList<>();
		for (Path page : pages) {
			for (String link : links(page)) {
				String problem = problem(page, link);
				if (problem != null) {
					broken.add(PROJECT.relativize(page) + ": " + link + " (" + problem + ")");
				}
			}
		}
		assertThat(broken).as("broken relative links").isEmpty();
	}

	@Test
	void noPageOutsideTheResultsHoldsARunId() throws IOException {
		// Dated figures live in docs/results/, one file a campaign with its command; the manual links them.
		List<String> found = new ArrayList<>();
		for (Path page : pages()) {
			if (page.startsWith(PROJECT.resolve("docs").resolve("results"))) {
				continue;
			}
			Matcher m = RUN_ID.matcher(Files.readString(page));
			while (m.find()) {
				found.add(PROJECT.relativize(page) + ": " + m.group());
			}
		}
		assertThat(found).as("run ids outside docs/results/").isEmpty();
		assertThat(RUN_ID.matcher("the tour (`quick-20261128-195957`) and seed-003-20261124-142049").results().count()).isEqualTo(2);
	}

	@Test
	void aBrokenLinkOrAnchorIsFound(@TempDir Path dir) throws IOException {
		// The checker itself, on pages with one good and one bad link of each kind.
		Files.writeString(dir.resolve("target.md"), "# The `lab` and its runs\n\n## Twice\n\n## Twice\n");
		Path page = Files.writeString(dir.resolve("page.md"), "[a](target.md#the-lab-and-its-runs) [b](target.md#twice-1) "
				+ "[c](missing.md) [d](target.md#no-such-heading) [e](#here) [f](https://example.com/x)\n\n## Here\n");
		assertThat(links(page)).containsExactly("target.md#the-lab-and-its-runs", "target.md#twice-1", "missing.md",
				"target.md#no-such-heading", "#here", "https://example.com/x");
		assertThat(problem(page, "target.md#the-lab-and-its-runs")).isNull();
		assertThat(problem(page, "target.md#twice-1")).isNull();
		assertThat(problem(page, "#here")).isNull();
		assertThat(problem(page, "https://example.com/x")).isNull();
		assertThat(problem(page, "missing.md")).isEqualTo("no such file");
		assertThat(problem(page, "target.md#no-such-heading")).isEqualTo("no such anchor");
		Path adoc = Files.writeString(dir.resolve("cli.adoc"), "xref:target.adoc[*x*]:: text\nxref:page.md[y]\n");
		assertThat(links(adoc)).containsExactly("target.adoc", "page.md");
		assertThat(problem(adoc, "target.adoc")).isEqualTo("no such file");
	}

	/** README.md, every page under docs/, and each module's and ops folder's README. */
	private static List<Path> pages() throws IOException {
		List<Path> pages = new ArrayList<>();
		pages.add(PROJECT.resolve("README.md"));
		try (Stream<Path> docs = Files.walk(PROJECT.resolve("docs"))) {
			docs.filter((p) -> p.toString().endsWith(".md") || p.toString().endsWith(".adoc")).sorted().forEach(pages::add);
		}
		try (Stream<Path> readmes = Files.walk(PROJECT, 4)) {
			readmes.filter((p) -> p.getFileName().toString().equals("README.md"))
				.filter((p) -> !p.startsWith(PROJECT.resolve("docs")) && !p.equals(PROJECT.resolve("README.md")))
				.filter((p) -> Stream.of("target", "runs", "data", ".tools", "node_modules", ".git")
					.noneMatch((skip) -> PROJECT.relativize(p).toString().startsWith(skip + "/")
							|| PROJECT.relativize(p).toString().contains("/" + skip + "/")))
				.sorted()
				.forEach(pages::add);
		}
		return pages;
	}

	/** Every link destination and image source of a page, in order. */
	private static List<String> links(Path page) throws IOException {
		String text = Files.readString(page);
		List<String> links = new ArrayList<>();
		if (page.toString().endsWith(".adoc")) {
			Matcher m = ADOC_LINK.matcher(text);
			while (m.find()) {
				links.add(m.group(1) + ((m.group(2) != null && !m.group(2).isEmpty()) ? "#" + m.group(2) : ""));
			}
			return links;
		}
		PARSER.parse(text).accept(new AbstractVisitor() {
			@Override
			public void visit(Link link) {
				links.add(link.getDestination());
				visitChildren(link);
			}

			@Override
			public void visit(Image image) {
				links.add(image.getDestination());
			}
		});
		return links;
	}

	/** Why a link does not resolve, or null when it does (or is not relative). */
	private String problem(Path page, String link) {
		if (link.isEmpty() || SCHEME.matcher(link).find()) {
			return null;
		}
		int hash = link.indexOf('#');
		String path = URLDecoder.decode((hash < 0) ? link : link.substring(0, hash), StandardCharsets.UTF_8);
		String anchor = (hash < 0) ? null : link.substring(hash + 1);
		Path target = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
		if (!Files.exists(target)) {
			return "no such file";
		}
		if (anchor != null && !anchor.isEmpty() && target.toString().endsWith(".md") && !anchorsOf(target).contains(anchor)) {
			return "no such anchor";
		}
		return null;
	}

	/** A Markdown page's anchors: its headings' ids as GitHub makes them (duplicates numbered), and explicit ids. */
	private Set<String> anchorsOf(Path page) {
		return this.anchors.computeIfAbsent(page, (p) -> {
			try {
				String text = Files.readString(p);
				Set<String> ids = new LinkedHashSet<>();
				IdGenerator generator = IdGenerator.builder().build();
				TextContentRenderer renderer = TextContentRenderer.builder().build();
				Node document = PARSER.parse(text);
				document.accept(new AbstractVisitor() {
					@Override
					public void visit(Heading heading) {
						ids.add(generator.generateId(renderer.render(heading).strip()));
					}
				});
				Matcher m = HTML_ID.matcher(text);
				while (m.find()) {
					ids.add(m.group(1));
				}
				return ids;
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		});
	}

}
