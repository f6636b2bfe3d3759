package io.latencylab.lab.study.svload;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import tools.jackson.databind.json.JsonMapper;

/**
 * Settings of seed 003's cache tier and object store, named as the study named its rounds: before
 * tuning (every default) and after (its Table IV's final values for Varnish; Table V's for Swift:
 * memcached's connections and memory, the open files of Swift's processes; for the lab's own store,
 * what Table V did for Swift's proxy: room for more connections at once, here Tomcat's accept
 * queue, which a burst of new connections overflows, and its threads).
 */
public enum Tuning {

	/** Varnish's and Tomcat's defaults: Tomcat accepts 100 connections ahead of its threads. */
	BEFORE(List.of(), Map.of(), new SwiftLimits(1024, 64, 1024, 4096)),

	/**
	 * Table IV: thread_pool_min 400, thread_pool_max 5000, thread_queue_limit 100, workspace_thread
	 * 8k, workspace_session 0.5k, pipe_timeout 30 s, lru_interval 20 s, listen_depth 4096. The
	 * store: an accept queue of 4,096 (the kernel's somaxconn here), 400 threads, 100 kept ready.
	 */
	AFTER(List.of("thread_pool_min=400", "thread_pool_max=5000", "thread_queue_limit=100", "workspace_thread=8k",
			"workspace_session=0.5k", "pipe_timeout=30", "lru_interval=20", "listen_depth=4096"),
			Map.of("server.tomcat.accept-count", "4096", "server.tomcat.threads.max", "400",
					"server.tomcat.threads.min-spare", "100"),
			new SwiftLimits(4096, 4096, 100_000, 400_000));

	private final List<String> varnishParameters;

	private final Map<String, String> storeProperties;

	private final SwiftLimits swift;

	Tuning(List<String> varnishParameters, Map<String, String> storeProperties, SwiftLimits swift) {
		this.varnishParameters = varnishParameters;
		this.storeProperties = new TreeMap<>(storeProperties);
		this.swift = swift;
	}

	/**
	 * Table V's rows that a process of the lab's can set: memcached's MAXCONN and CACHESIZE (in MB,
	 * as its -m takes it), and the soft and hard limit of open files of Swift's processes (ulimit).
	 * Its fs.file-max is the machine's kernel setting, which the lab leaves alone.
	 */
	public record SwiftLimits(int memcachedConnections, int memcachedMegabytes, long openFilesSoft, long openFilesHard) {

		public String describe() {
			return String.format(Locale.ROOT, "memcached -c %d -m %d, open files %d (soft) / %d (hard)",
					this.memcachedConnections, this.memcachedMegabytes, this.openFilesSoft, this.openFilesHard);
		}

	}

	/** What Swift and its memcached start with (Table V). */
	public SwiftLimits swiftLimits() {
		return this.swift;
	}

	/** varnishd's {@code -p name=value} settings. */
	public List<String> varnishParameters() {
		return this.varnishParameters;
	}

	/** The object store's properties, as command-line arguments (bare). */
	public List<String> storeArguments() {
		return this.storeProperties.entrySet().stream().map((e) -> "--" + e.getKey() + "=" + e.getValue()).toList();
	}

	/** The object store's properties as SPRING_APPLICATION_JSON (compose); {} for none. */
	public String storeJson() {
		return JsonMapper.builder().build().writeValueAsString(this.storeProperties);
	}

	/** varnishd's settings as its command line takes them: "-p a=1 -p b=2" (compose). */
	public String varnishArguments() {
		return String.join(" ", this.varnishParameters.stream().map((p) -> "-p " + p).toList());
	}

	/** Its name in a step's {@link io.latencylab.plan.Plan#TUNING}: "before", "after". */
	public String key() {
		return name().toLowerCase(Locale.ROOT);
	}

	public String label() {
		return name().toLowerCase(Locale.ROOT) + " tuning";
	}

	public static Tuning named(String name) {
		return valueOf(name.toUpperCase(Locale.ROOT));
	}

}
