package io.latencylab.tables;

import java.util.regex.Pattern;

import org.springframework.http.HttpStatus;

/**
 * What a valid table name, key and entity are. Names as the study's Azure tables (a letter, then
 * letters and digits, 3 to 63 in all); keys of 1 to 255 URL-safe characters, so that every entity
 * has a plain address; an entity's properties of at most 1 MiB (Azure's limit) as JSON.
 */
final class TableRules {

	static final int MAX_PROPERTIES_CHARS = 1024 * 1024;

	private static final Pattern TABLE = Pattern.compile("[A-Za-z][A-Za-z0-9]{2,62}");

	private static final Pattern KEY = Pattern.compile("[A-Za-z0-9._~-]{1,255}");

	private TableRules() {
	}

	static String table(String name) {
		if (name == null || !TABLE.matcher(name).matches()) {
			throw TableException.invalid("a table name is a letter, then letters and digits, 3 to 63 characters: "
					+ quoted(name));
		}
		return name;
	}

	static String key(String what, String key) {
		if (key == null || !KEY.matcher(key).matches()) {
			throw TableException.invalid("a " + what + " is 1 to 255 of A-Z a-z 0-9 . _ ~ -: " + quoted(key));
		}
		return key;
	}

	static String properties(String json) {
		if (json.length() > MAX_PROPERTIES_CHARS) {
			throw new TableException(HttpStatus.CONTENT_TOO_LARGE, "Entity too large",
					"an entity's properties are at most " + MAX_PROPERTIES_CHARS + " characters of JSON, not "
							+ json.length());
		}
		return json;
	}

	private static String quoted(String value) {
		if (value == null) {
			return "none given";
		}
		return "\"" + (value.length() > 80 ? value.substring(0, 80) + "…" : value) + "\"";
	}

}
