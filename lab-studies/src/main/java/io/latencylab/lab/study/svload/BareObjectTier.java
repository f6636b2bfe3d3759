package io.latencylab.lab.study.svload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.latencylab.lab.deploy.BackingSystem;
import io.latencylab.lab.deploy.BareDeployment;
import io.latencylab.lab.tls.LabCa;
import io.latencylab.plan.Services;

/**
 * Seed 003's cache tier as processes on this machine: Varnish in front of the object store, and
 * hitch for HTTPS in front of Varnish, each if this machine has it (else how to install it); Swift
 * started by the first run that asks for it. What a run set (the tuning, the store behind the cache)
 * is kept in files beside the services' pid files, for the runs and `status` of other commands.
 */
final class BareObjectTier implements BackingSystem, ObjectTier {

	private final BareDeployment bare;

	private final Services services;

	BareObjectTier(BareDeployment bare) {
		this.bare = bare;
		this.services = bare.services();
	}

	@Override
	public void prepare() throws IOException {
		if (this.bare.running(OBJECT_STORE).isEmpty()) {
			// The store starts with the defaults again, and in front of it the cache.
			Files.deleteIfExists(tuningFile());
			Files.deleteIfExists(backendFile());
		}
	}

	@Override
	public void up() throws IOException, InterruptedException {
		startCache();
	}

	/** The cache stands in front of the object store: it starts with one, or beside one already running. */
	@Override
	public Optional<String> beside() {
		return Optional.of(OBJECT_STORE);
	}

	@Override
	public void down() throws IOException {
		stopCache();
		stopSwift();
	}

	@Override
	public Map<Integer, String> portsToBind() {
		Map<Integer, String> ports = new LinkedHashMap<>();
		if (this.bare.running(OBJECT_STORE).isEmpty()) {
			ports.put(this.services.port("OBJECT_STORE_TLS_PORT"), OBJECT_STORE + "'s HTTPS");
		}
		if (cache().running().isEmpty() && VarnishCache.varnishd().isPresent()) {
			ports.put(this.services.port("OBJECT_CACHE_PORT"), VarnishCache.NAME + " (Varnish)");
		}
		if (cacheTls().running().isEmpty() && HitchTls.hitch().isPresent()) {
			ports.put(this.services.port("OBJECT_CACHE_TLS_PORT"), HitchTls.NAME + " (hitch)");
		}
		return ports;
	}

	@Override
	public List<String> serviceArguments(String service) {
		if (!service.equals(OBJECT_STORE)) {
			return List.of();
		}
		// HTTPS beside HTTP, with a certificate of the lab's own CA (the study measured both), and the case's tuning.
		List<String> arguments = new ArrayList<>(List.of("--objects.https.port=" + this.services.port("OBJECT_STORE_TLS_PORT")));
		arguments.addAll(this.bare.labCa().springBundleArguments("objects"));
		arguments.addAll(tuning().storeArguments());
		return arguments;
	}

	private SwiftStore swift() {
		LabCa ca = this.bare.labCa();
		return new SwiftStore(this.bare.project().resolve("ops/swift"), this.bare.dir().resolve("swift"),
				this.bare.project().resolve("data/swift"), this.bare.bindAddress(),
				new SwiftStore.Ports(this.services.port("SWIFT_PROXY_PORT"), this.services.port("SWIFT_PROXY_TLS_PORT"),
						this.services.port("SWIFT_ACCOUNT_PORT"), this.services.port("SWIFT_CONTAINER_PORT"),
						this.services.port("SWIFT_OBJECT_PORT"), this.services.port("SWIFT_MEMCACHED_PORT")),
				ca.serverCertificate(), ca.serverKey());
	}

	@Override
	public ObjectBackend backend() {
		try {
			return Files.exists(backendFile()) ? ObjectBackend.named(Files.readString(backendFile()).strip()) : ObjectBackend.LAB;
		}
		catch (IOException | IllegalArgumentException ex) {
			return ObjectBackend.LAB;
		}
	}

	@Override
	public void use(ObjectBackend backend) throws IOException, InterruptedException {
		if (backend == backend() && cache().running().isPresent()) {
			return;
		}
		if (backend == ObjectBackend.SWIFT) {
			if (!SwiftStore.installed()) {
				throw new IllegalStateException(SwiftStore.howToInstall() + "; or --store lab, the lab's own store");
			}
			// Started by the first run that needs it, not by up: idle, its processes cost about 6 % of a core,
			// which every other study would meet. down stops it.
			SwiftStore swift = swift();
			if (swift.running().isEmpty()) {
				swift.start(tuning().swiftLimits());
				System.out.println(SwiftStore.NAME + " (OpenStack Swift " + swift.version().orElse("") + ") ready on http://127.0.0.1:"
						+ swift.ports().proxy() + " and https://localhost:" + swift.ports().proxyTls());
			}
		}
		Files.writeString(backendFile(), backend.key());
		stopCache();
		startCache();
		if (backend == ObjectBackend.LAB) {
			// Nothing else reads from it: idle, it would cost every later run a few % of a core.
			stopSwift();
		}
	}

	private void stopSwift() throws IOException {
		if (this.services.sets("SWIFT_PROXY_PORT") && !swift().processes().isEmpty()) {
			swift().stop();
			System.out.println("stopped " + SwiftStore.NAME);
		}
	}

	@Override
	public String describe() {
		return (backend() == ObjectBackend.SWIFT)
				? "OpenStack Swift " + swift().version().orElse("") + " (Debian's packages: a proxy with tempauth and memcached, "
						+ "account, container and object servers, one device, one replica)"
				: LAB_STORE_DESCRIBED;
	}

	/** What {@link #use} last set. */
	private Path backendFile() {
		return this.bare.dir().resolve("object-backend");
	}

	@Override
	public Tuning tuning() {
		try {
			return Files.exists(tuningFile()) ? Tuning.named(Files.readString(tuningFile()).strip()) : Tuning.BEFORE;
		}
		catch (IOException | IllegalArgumentException ex) {
			return Tuning.BEFORE;
		}
	}

	@Override
	public void tune(Tuning tuning) throws IOException, InterruptedException {
		Files.writeString(tuningFile(), tuning.name());
		stopCache();
		if (backend() == ObjectBackend.SWIFT) {
			// Table V: memcached and Swift's processes restarted with its limits.
			swift().stop();
			swift().start(tuning.swiftLimits());
			startCache();
			System.out.println(SwiftStore.NAME + " and its cache tier restarted with " + tuning.label());
			return;
		}
		// The store's new arguments are serviceArguments' from the file just written.
		this.bare.restart(OBJECT_STORE);
		startCache();
		System.out.println(OBJECT_STORE + " and its cache tier restarted with " + tuning.label());
	}

	/** What {@link #tune} last set. */
	private Path tuningFile() {
		return this.bare.dir().resolve("tuning");
	}

	private void startCache() throws IOException, InterruptedException {
		VarnishCache cache = cache();
		if (cache.running().isEmpty()) {
			if (VarnishCache.varnishd().isEmpty()) {
				System.out.println(VarnishCache.NAME + " not started: " + VarnishCache.howToInstall());
				return;
			}
			cache.start(tuning().varnishParameters());
		}
		System.out.println(VarnishCache.NAME + " (Varnish) ready on http://127.0.0.1:" + cache.port()
				+ ", in front of " + (backend() == ObjectBackend.SWIFT ? SwiftStore.NAME : OBJECT_STORE));
		HitchTls tls = cacheTls();
		if (tls.running().isEmpty()) {
			if (HitchTls.hitch().isEmpty()) {
				System.out.println(HitchTls.NAME + " not started: " + HitchTls.howToInstall());
				return;
			}
			tls.start();
		}
		System.out.println(HitchTls.NAME + " (hitch) ready on https://localhost:" + tls.port() + ", in front of "
				+ VarnishCache.NAME + "; trust " + this.bare.project().relativize(this.bare.labCa().caCertificate()));
	}

	private void stopCache() throws IOException {
		HitchTls tls = cacheTls();
		if (tls.running().isPresent()) {
			tls.stop();
			System.out.println("stopped " + HitchTls.NAME);
		}
		VarnishCache cache = cache();
		if (cache.running().isPresent()) {
			cache.stop();
			System.out.println("stopped " + VarnishCache.NAME);
		}
	}

	private VarnishCache cache() {
		return new VarnishCache(this.bare.project().resolve("ops/varnish/default.vcl"), this.bare.dir().resolve("varnish"),
				this.bare.bindAddress(), this.services.port("OBJECT_CACHE_PORT"),
				(backend() == ObjectBackend.SWIFT) ? this.services.port("SWIFT_PROXY_PORT")
						: this.services.named(OBJECT_STORE).httpPort());
	}

	private HitchTls cacheTls() {
		return new HitchTls(LabCa.at(this.bare.labCaDir()).serverPem(), this.bare.dir().resolve("hitch"), this.bare.bindAddress(),
				this.services.port("OBJECT_CACHE_TLS_PORT"), this.services.port("OBJECT_CACHE_PORT"));
	}

	/** Varnish and hitch do their work in children of the process whose pid they write. */
	@Override
	public Map<String, ProcessHandle> processes() {
		Map<String, ProcessHandle> processes = new LinkedHashMap<>();
		cache().running().ifPresent((p) -> processes.put(VarnishCache.NAME, p));
		cacheTls().running().ifPresent((p) -> processes.put(HitchTls.NAME, p));
		if (this.services.sets("SWIFT_PROXY_PORT")) {
			processes.putAll(swift().processes());
		}
		return processes;
	}

	@Override
	public Map<String, String> status() {
		Map<String, String> status = new LinkedHashMap<>();
		VarnishCache cache = cache();
		status.put(VarnishCache.NAME, cache.running().map((p) -> "Varnish on " + cache.port() + " (pid " + p.pid() + ")")
			.orElse("not running"));
		HitchTls tls = cacheTls();
		status.put(HitchTls.NAME, tls.running().map((p) -> "hitch on " + tls.port() + " (pid " + p.pid() + ")")
			.orElse("not running"));
		if (this.services.sets("SWIFT_PROXY_PORT")) {
			SwiftStore swift = swift();
			status.put(SwiftStore.NAME, swift.running()
				.map((p) -> "OpenStack Swift " + swift.version().orElse("") + " on " + swift.ports().proxy() + " (pid " + p.pid()
						+ ")" + (backend() == ObjectBackend.SWIFT ? ", behind the cache" : ""))
				.orElse("not running"));
		}
		return status;
	}

}
