package io.latencylab.lab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * The command line's reference, one AsciiDoc page a command (picocli's man page generator), written
 * from the same annotations as --help so that the two cannot drift; CliReferenceTests fails when
 * docs/cli is not what this writes. Regenerate from the project's root with
 * {@code ./mvnw -q -pl lab-cli exec:java -Dexec.mainClass=io.latencylab.lab.cli.CliReference -Dexec.args=docs/cli}.
 */
public final class CliReference {

	private CliReference() {
	}

	/** Every command's page, by file name: lab.adoc, lab-run.adoc, … */
	static Map<String, String> pages() {
		Map<String, String> pages = new LinkedHashMap<>();
		add(new CommandLine(new Lab()).getCommandSpec(), pages);
		return pages;
	}

	private static void add(CommandSpec spec, Map<String, String> pages) {
		if (spec.usageMessage().hidden()) {
			return;
		}
		StringWriter page = new StringWriter();
		try (PrintWriter writer = new PrintWriter(page)) {
			ManPageGenerator.writeSingleManPage(writer, spec);
		}
		pages.put(spec.qualifiedName("-") + ".adoc", page.toString().replace("\r\n", "\n"));
		spec.subcommands().values().stream().map(CommandLine::getCommandSpec).distinct().forEach((sub) -> add(sub, pages));
	}

	public static void main(String[] args) throws IOException {
		Path dir = Files.createDirectories(Path.of((args.length > 0) ? args[0] : "docs/cli"));
		for (Map.Entry<String, String> page : pages().entrySet()) {
			Files.writeString(dir.resolve(page.getKey()), page.getValue());
		}
		System.out.println(pages().size() + " pages written to " + dir);
	}

}
