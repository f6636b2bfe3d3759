package io.latencylab.lab.study.svload;

import java.util.Locale;

/** What seed 003's cache tier fronts: OpenStack Swift, as the study ran it, or the lab's own store. */
public enum ObjectBackend {

	/** Swift's all-in-one from Debian's packages ({@link SwiftStore}): the study's system, untraced. */
	SWIFT,
	/** The lab's object store (Spring Boot, Swift's API): traced, its own time in Server-Timing. */
	LAB;

	/** As --store names it: "swift", "lab". */
	public String key() {
		return name().toLowerCase(Locale.ROOT);
	}

	public static ObjectBackend named(String name) {
		for (ObjectBackend backend : values()) {
			if (backend.key().equals(name)) {
				return backend;
			}
		}
		throw new IllegalArgumentException("the object store behind the cache is swift or lab, not '" + name + "'");
	}

}
