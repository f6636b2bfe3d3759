package io.latencylab.lab.study;

import java.util.regex.Pattern;

/**
 * An option of a study's own on {@code ./lab run} (the account or the backend its steps drive, say): the command
 * line offers every study's, and refuses one that the study being run does not declare.
 *
 * @param name the option without its dashes ("storage")
 * @param label what the help shows for its value ("ACCOUNT")
 * @param defaultValue its value when it is not given; null when the study chooses by itself
 * @param description the help's text
 */
public record StudyOption(String name, String label, String defaultValue, String description) {

	private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

	public StudyOption {
		if (name == null || !NAME.matcher(name).matches()) {
			throw new IllegalArgumentException("a study's option is named in lower case with dashes, not '" + name + "'");
		}
		if (label == null || label.isBlank() || description == null || description.isBlank()) {
			throw new IllegalArgumentException("--" + name + " needs a label and a description for the help");
		}
	}

	/** As the command line spells it: "--storage". */
	public String flag() {
		return "--" + this.name;
	}

}
