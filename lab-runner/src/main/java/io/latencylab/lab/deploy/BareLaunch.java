package io.latencylab.lab.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The command that starts one service's JVM bare: its jar extracted, its start-up cache used,
 * recorded or left out as asked, JAVA_OPTS, where it binds, the injections, and what the studies'
 * backing systems give it.
 */
final class BareLaunch {

	private final Path project;

	/** Per service, its start-up cache (each reads its jar's SHA-256 once). */
	private final Map<String, AotCache> caches = new ConcurrentHashMap<>();

	BareLaunch(Path project) {
		this.project = project;
	}

	/** A service's start-up cache, as it starts from it. */
	AotCache cache(String name) throws IOException {
		AotCache cache = this.caches.get(name);
		if (cache == null) {
			cache = AotCache.of(this.project, name);
			this.caches.put(name, cache);
		}
		return cache;
	}

	List<String> command(String name, JvmStart start, String bind, List<String> injections, List<BackingSystem> backings)
			throws IOException, InterruptedException {
		List<String> jvmOptions = new ArrayList<>();
		// The extracted jar, with or without a cache: a start-up cache needs it, and so a cold start
		// differs from a cached one by the cache alone.
		AotCache cache = cache(name);
		Path jar = cache.extract();
		if (start == JvmStart.RECORDING) {
			cache.deleteCache();
			jvmOptions.addAll(cache.recordOptions());
		}
		else if (start == JvmStart.FROM_CACHE && cache.unusable().isEmpty()) {
			jvmOptions.addAll(cache.useOptions());
		}
		String javaOpts = System.getenv("JAVA_OPTS");
		if (javaOpts != null && !javaOpts.isBlank()) {
			jvmOptions.addAll(List.of(javaOpts.trim().split("\\s+")));
		}
		List<String> arguments = new ArrayList<>(List.of("--server.address=" + bind, "--spring.grpc.server.address=" + bind));
		injections.forEach((injection) -> arguments.add("--lab.inject." + injection));
		for (BackingSystem backing : backings) {
			arguments.addAll(backing.serviceArguments(name));
		}
		List<String> command = new ArrayList<>();
		// setsid: the services outlive the shell that started them, as `./lab up` promises.
		if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
			command.add("/usr/bin/setsid");
		}
		command.addAll(ServiceJar.command(jvmOptions, jar, arguments));
		return command;
	}

}
