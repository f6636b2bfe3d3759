package io.latencylab.plan;

import java.util.List;
import java.util.Map;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * One step for a load generator that stays up for a whole run (the load module's Injector): a line
 * of JSON on its standard input, written by the runner and read by the generator.
 *
 * @param properties the step's lab.* system properties, set for this step alone
 * @param args Gatling's own arguments (the simulation, the results folder)
 * @param log where the step's output goes, on the generator's host
 * @param startAt when the step's load starts, in epoch milliseconds: the same instant for every
 *        injector of a step split over several; 0 (or an instant past) at once
 */
public record InjectorCommand(Map<String, String> properties, List<String> args, String log, long startAt) {

	public InjectorCommand {
		properties = Map.copyOf(properties);
		args = List.copyOf(args);
	}

	/** A step that starts as soon as the generator reads it. */
	public InjectorCommand(Map<String, String> properties, List<String> args, String log) {
		this(properties, args, log, 0);
	}

	/** The command as one line (without its line break). */
	public String line() {
		return JsonMapper.shared().writeValueAsString(this);
	}

	/** A runner of before sends no startAt: at once. */
	private static final JsonMapper READER = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.build();

	/** @throws tools.jackson.core.JacksonException for a line that is no command */
	public static InjectorCommand parse(String line) {
		return READER.readValue(line, InjectorCommand.class);
	}

}
