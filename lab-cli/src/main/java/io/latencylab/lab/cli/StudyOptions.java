package io.latencylab.lab.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.study.RunHook;
import io.latencylab.lab.study.Studies;
import io.latencylab.lab.study.Study;
import io.latencylab.lab.study.StudyOption;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The studies' own options on {@code ./lab run}: each study declares its own ({@link Study#options()}),
 * the command offers every study's, and a run takes only the chosen study's, which set its hooks. The
 * command line knows no study: adding one with options is adding its package.
 */
public final class StudyOptions implements CommandLine.IModelTransformer {

	/** Adds every study's options to the command, each described with the studies that take it. */
	@Override
	public CommandSpec transform(CommandSpec command) {
		takers().forEach((option, studies) -> command.addOption(OptionSpec.builder(option.flag())
			.paramLabel(option.label())
			.type(String.class)
			.description(option.description() + " For " + String.join(", ", studies) + " only.")
			.build()));
		return command;
	}

	/** Each option of a study, with the names of the studies that declare it (the tour shares those of the studies it visits). */
	static Map<StudyOption, List<String>> takers() {
		Map<StudyOption, List<String>> takers = new LinkedHashMap<>();
		Map<String, StudyOption> byFlag = new LinkedHashMap<>();
		for (Study study : Studies.all()) {
			for (StudyOption option : study.options()) {
				StudyOption same = byFlag.putIfAbsent(option.flag(), option);
				if (same != null && !same.equals(option)) {
					throw new IllegalStateException(option.flag() + " is declared by two studies, differently: "
							+ takers.get(same) + " and " + study.name());
				}
				takers.computeIfAbsent(byFlag.get(option.flag()), (o) -> new ArrayList<>()).add(study.name());
			}
		}
		return takers;
	}

	/**
	 * The hooks of {@code study} (null: a run of no study's plan), from its options as given or by
	 * default; an option of another study is refused.
	 *
	 * @throws CommandLine.ParameterException for another study's option or a value the study refuses
	 */
	static List<RunHook> hooks(CommandLine cli, Study study, boolean comparison) {
		ParseResult parsed = cli.getParseResult();
		List<StudyOption> own = (study == null) ? List.of() : study.options();
		String name = (study == null) ? RunCommand.JMETER : study.name();
		takers().forEach((option, studies) -> {
			if (parsed.hasMatchedOption(option.flag()) && !own.contains(option)) {
				throw new CommandLine.ParameterException(cli,
						option.flag() + " is an option of " + String.join(", ", studies) + ", not of " + name);
			}
		});
		if (study == null) {
			return List.of();
		}
		Map<String, String> values = new LinkedHashMap<>();
		for (StudyOption option : own) {
			String value = parsed.hasMatchedOption(option.flag()) ? parsed.matchedOptionValue(option.flag(), null)
					: option.defaultValue();
			if (value != null) {
				values.put(option.name(), value);
			}
		}
		try {
			return study.hooks(values, comparison);
		}
		catch (IllegalArgumentException ex) {
			throw new CommandLine.ParameterException(cli, ex.getMessage());
		}
	}

}
