package io.latencylab.lab.topology;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.latencylab.lab.topology.TopologyFile.Invalid;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;

/**
 * Where each field's value starts, by its path (injectors[1].name), from one pass over the
 * file's tokens; a field given twice, or a key that is no text, is refused here.
 */
record YamlLines(Map<String, Integer> starts, Map<String, Integer> keys, Map<String, JsonToken> tokens) {

	static YamlLines of(String text, TopologyFile topology) {
		YamlLines lines = new YamlLines(new LinkedHashMap<>(), new LinkedHashMap<>(), new LinkedHashMap<>());
		try (JsonParser parser = TopologyFile.YAML.createParser(text)) {
			lines.walk(parser, parser.nextToken(), "", topology);
		}
		catch (JacksonException ex) {
			throw new Invalid(topology.file + ", line " + line(ex) + ": not YAML: " + ex.getOriginalMessage());
		}
		return lines;
	}

	private void walk(JsonParser parser, JsonToken token, String path, TopologyFile topology) {
		if (token == null) {
			return;
		}
		this.starts.put(path, parser.currentTokenLocation().getLineNr());
		this.tokens.put(path, token);
		if (token == JsonToken.START_OBJECT) {
			Set<String> seen = new HashSet<>();
			for (JsonToken next = parser.nextToken(); next == JsonToken.PROPERTY_NAME; next = parser.nextToken()) {
				String name = parser.currentName();
				String child = path.isEmpty() ? name : path + "." + name;
				int line = parser.currentTokenLocation().getLineNr();
				if (!seen.add(name)) {
					throw new Invalid(topology.file + ", line " + line + ", field '" + child + "': given twice");
				}
				this.keys.put(child, line);
				walk(parser, parser.nextToken(), child, topology);
			}
		}
		else if (token == JsonToken.START_ARRAY) {
			int i = 0;
			for (JsonToken next = parser.nextToken(); next != JsonToken.END_ARRAY; next = parser.nextToken()) {
				walk(parser, next, path + "[" + i++ + "]", topology);
			}
		}
	}

	/** The line a field's name stands on: where a wrong name is. */
	int key(String path) {
		return this.keys.getOrDefault(path, of(path));
	}

	boolean isEmpty() {
		return this.starts.isEmpty() || this.tokens.get("") == JsonToken.VALUE_NULL;
	}

	boolean has(String path) {
		return this.starts.containsKey(path);
	}

	/** The line {@code path} starts on, or its nearest ancestor's. */
	int of(String path) {
		for (String p = path; ; p = parent(p)) {
			Integer line = this.starts.get(p);
			if (line != null) {
				return line;
			}
			if (p.isEmpty()) {
				return 1;
			}
		}
	}

	String describe(String path) {
		JsonToken token = this.tokens.get(path);
		if (token == null || token == JsonToken.VALUE_NULL) {
			return "an empty value";
		}
		return switch (token) {
			case START_OBJECT -> "a mapping";
			case START_ARRAY -> "a list";
			default -> "a value";
		};
	}

	private static String parent(String path) {
		int cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
		return (cut < 0) ? "" : path.substring(0, cut);
	}

	/** A field's path as messages name it: injectors[0].namespace. */
	static String path(JacksonException ex) {
		StringBuilder path = new StringBuilder();
		for (JacksonException.Reference reference : ex.getPath()) {
			if (reference.getPropertyName() != null) {
				path.append(path.isEmpty() ? "" : ".").append(reference.getPropertyName());
			}
			else if (reference.getIndex() >= 0) {
				path.append('[').append(reference.getIndex()).append(']');
			}
		}
		return path.toString();
	}

	static int line(JacksonException ex) {
		TokenStreamLocation location = ex.getLocation();
		return (location != null) ? location.getLineNr() : 1;
	}

}
