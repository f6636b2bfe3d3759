package io.latencylab.lab.study.svload;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.deploy.BackingSystem;
import io.latencylab.lab.deploy.ComposeDeployment;

/**
 * Seed 003's cache tier as compose services: object-cache (Varnish) and object-cache-tls (nginx
 * ending TLS in front of it, ops/compose/tls.yml), in front of object-store or of Swift (the image
 * ops/swift builds). The tuning and the store behind the cache reach the compose files as
 * variables; compose recreates what they change. Every {@code up} starts from the defaults.
 */
final class ComposeObjectTier implements BackingSystem, ObjectTier {

	/** nginx ending TLS in front of Varnish (ops/compose/tls.yml). */
	static final String TLS_SERVICE = "object-cache-tls";

	static final String CACHE_SERVICE = "object-cache";

	/** Swift, built from ops/swift. */
	static final String SWIFT_SERVICE = "swift";

	private final ComposeDeployment compose;

	/** The store's and Varnish's settings, handed to every compose command (compose recreates on a change). */
	private Tuning tuning = Tuning.BEFORE;

	/** What object-cache fronts: the lab's store unless a run asked for Swift. */
	private ObjectBackend backend = ObjectBackend.LAB;

	ComposeObjectTier(ComposeDeployment compose) {
		this.compose = compose;
	}

	@Override
	public void prepare() {
		this.tuning = Tuning.BEFORE;
		this.backend = ObjectBackend.LAB;
	}

	@Override
	public List<String> composeServices() {
		return List.of(CACHE_SERVICE, TLS_SERVICE);
	}

	@Override
	public Map<String, String> composeEnvironment() {
		Map<String, String> environment = new LinkedHashMap<>();
		environment.put("LAB_OBJECT_STORE_SETTINGS", this.tuning.storeJson());
		environment.put("LAB_VARNISH_PARAMETERS", this.tuning.varnishArguments());
		environment.put("LAB_OBJECT_BACKEND", (this.backend == ObjectBackend.SWIFT) ? SWIFT_SERVICE : OBJECT_STORE);
		environment.put("LAB_MEMCACHED_CONNECTIONS", String.valueOf(this.tuning.swiftLimits().memcachedConnections()));
		environment.put("LAB_MEMCACHED_MB", String.valueOf(this.tuning.swiftLimits().memcachedMegabytes()));
		return environment;
	}

	@Override
	public Tuning tuning() {
		return this.tuning;
	}

	/** Recreates the store (or Swift) and its cache tier with {@code tuning}'s settings (compose sees them changed). */
	@Override
	public void tune(Tuning tuning) throws IOException, InterruptedException {
		this.tuning = tuning;
		String store = (this.backend == ObjectBackend.SWIFT) ? SWIFT_SERVICE : OBJECT_STORE;
		recreateCache(store);
		System.out.println(store + " and its cache tier recreated with " + tuning.label());
	}

	@Override
	public ObjectBackend backend() {
		return this.backend;
	}

	/** Swift (the image ops/swift builds) started when it does not run, and object-cache recreated in front of it. */
	@Override
	public void use(ObjectBackend backend) throws IOException, InterruptedException {
		if (backend == this.backend) {
			return;
		}
		this.backend = backend;
		if (backend == ObjectBackend.SWIFT) {
			this.compose.compose(List.of("up", "-d", "--build", "--wait", "--wait-timeout", "300", "--no-deps", SWIFT_SERVICE));
		}
		recreateCache();
		System.out.println("object-cache recreated in front of " + ((backend == ObjectBackend.SWIFT) ? SWIFT_SERVICE
				: OBJECT_STORE));
	}

	@Override
	public String describe() {
		return (this.backend == ObjectBackend.SWIFT)
				? "OpenStack Swift from Debian 12's packages in the latency-lab/swift image (ops/swift: a proxy with tempauth "
						+ "and memcached, account, container and object servers, one device, one replica)"
				: LAB_STORE_DESCRIBED;
	}

	/** Recreates {@code first} (if any), object-cache and its TLS proxy, as they now should be. */
	private void recreateCache(String... first) throws IOException, InterruptedException {
		List<String> arguments = new ArrayList<>(List.of("up", "-d", "--wait", "--wait-timeout", "300", "--no-deps",
				"--force-recreate"));
		arguments.addAll(List.of(first));
		arguments.add(CACHE_SERVICE);
		if (this.compose.starts(TLS_SERVICE)) {
			arguments.add(TLS_SERVICE);
		}
		this.compose.compose(arguments);
	}

}
