package io.latencylab.plan;

import java.util.List;
import java.util.Map;

import tools.jackson.databind.json.JsonMapper;

/**
 * One step for a load generator that stays up for a whole run (the load module's Injector): a line
 * of JSON on its standard input, written by the runner and read by the generator.
 *
 * @param properties the step's lab.* system properties, set for this step alone
 * @param args Gatling's own arguments (the simulation, the results folder)
 * @param log where the step's output goes, on the generator's host
 */
public record InjectorCommand(Map<String, String> properties, List<String> args, String log) {

	public InjectorCommand {
		properties = Map.copyOf(properties);
		args = List.copyOf(args);
	}

	/** The command as one line (without its line break). */
	public String line() {
		return JsonMapper.shared().writeValueAsString(this);
	}

	/** @throws tools.jackson.core.JacksonException for a line that is no command */
	public static InjectorCommand parse(String line) {
		return JsonMapper.shared().readValue(line, InjectorCommand.class);
	}

}
