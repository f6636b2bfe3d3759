package io.latencylab.objects;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * What a name may be. Accounts and containers are folders, so their names are held to letters,
 * digits, '.', '_' and '-' (never "." or ".."). An object's name is Swift's: any UTF-8 of up to
 * 1,024 bytes without control characters, slashes included; it never becomes a path, as its file
 * is named by the name's hash (ObjectStore), so no name can reach outside its container.
 */
final class Names {

	static final int MAX_OBJECT_NAME_BYTES = 1024;

	private static final Pattern FOLDER_NAME = Pattern.compile("[A-Za-z0-9._-]{1,256}");

	private Names() {
	}

	static String account(String name) {
		return folder("an account", name);
	}

	static String container(String name) {
		return folder("a container", name);
	}

	static String object(String name) {
		if (name.isEmpty()) {
			throw ObjectStoreException.invalid("the object name is empty");
		}
		if (name.getBytes(StandardCharsets.UTF_8).length > MAX_OBJECT_NAME_BYTES) {
			throw ObjectStoreException.invalid("an object name has at most " + MAX_OBJECT_NAME_BYTES + " bytes");
		}
		if (name.chars().anyMatch((c) -> c < 0x20 || c == 0x7f)) {
			throw ObjectStoreException.invalid("an object name may not hold control characters (NUL included)");
		}
		return name;
	}

	private static String folder(String kind, String name) {
		if (!FOLDER_NAME.matcher(name).matches() || name.equals(".") || name.equals("..")) {
			throw ObjectStoreException.invalid(kind
					+ " name has 1 to 256 of the characters A-Z a-z 0-9 . _ - and is not '.' or '..': '" + name + "'");
		}
		return name;
	}

}
