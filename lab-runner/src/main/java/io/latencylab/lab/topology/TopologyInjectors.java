package io.latencylab.lab.topology;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.latencylab.lab.topology.Topology.Kind;

/**
 * A topology file's injectors, each placed (here, in a network namespace, over ssh, or as a Job's
 * pods on the lab's cluster) and checked field by field, a mistake named by its file's line.
 */
final class TopologyInjectors {

	private static final Pattern NAMESPACE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,30}");

	private static final Pattern SSH = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*@[A-Za-z0-9][A-Za-z0-9.-]*(:[0-9]{1,5})?");

	private TopologyInjectors() {
	}

	static List<InjectorHost> of(TopologyFile file, List<TopologyFile.InjectorSpec> specs, Path project, Kind kind) {
		List<InjectorHost> injectors = new ArrayList<>();
		Set<String> names = new HashSet<>();
		Set<String> regionsSent = new HashSet<>();
		for (int i = 0; i < specs.size(); i++) {
			TopologyFile.InjectorSpec spec = specs.get(i);
			String path = "injectors[" + i + "]";
			if (spec == null) {
				throw file.invalid(path, "a mapping of fields, not an empty value");
			}
			String name = file.text(path + ".name", spec.name()).orElseThrow(() -> file.invalid(path, path + ".name", "missing"));
			if (!names.add(name)) {
				throw file.invalid(path, path + ".name", "a second injector named '" + name + "'");
			}
			Optional<String> namespace = file.text(path + ".namespace", spec.namespace());
			Optional<String> local = file.text(path + ".local", spec.local());
			Optional<String> ssh = file.text(path + ".ssh", spec.ssh());
			Optional<String> job = file.text(path + ".job", spec.job());
			if (Stream.of(namespace, local, ssh, job).filter(Optional::isPresent).count() != 1) {
				throw file.invalid(path, "place the injector: 'local: true', 'namespace: NAME', 'ssh: USER@HOST[:PORT]' or "
						+ "'job: PODS' (deployment: kubernetes)");
			}
			if (job.isEmpty() && file.has(path + ".image")) {
				throw file.invalid(path + ".image", "only for a Job of injectors ('job: PODS')");
			}
			if (ssh.isEmpty()) {
				for (String field : List.of("identity", "java")) {
					if (file.has(path + "." + field)) {
						throw file.invalid(path + "." + field, "only for an injector placed over ssh");
					}
				}
			}
			InjectorHost placed;
			if (job.isPresent()) {
				// On the lab's cluster (its pods reach the services by their Services' names), and alone.
				if (kind != Kind.KUBERNETES || specs.size() > 1) {
					throw file.invalid(path + ".job", (kind != Kind.KUBERNETES) ? "a Job of injectors runs on the lab's cluster: "
							+ "deployment: kubernetes" : "a Job's pods are the run's injectors: leave the other injectors out");
				}
				try {
					placed = InjectorHost.job(name, file.text(path + ".image", spec.image()).orElse(InjectorHost.LOAD_GENERATOR_IMAGE),
							job.get());
				}
				catch (IllegalArgumentException ex) {
					throw file.invalid(path + ".job", ex.getMessage());
				}
			}
			else if (local.isPresent()) {
				if (!local.get().equals("true")) {
					throw file.invalid(path + ".local", "true, or leave it out and place the injector elsewhere");
				}
				placed = new InjectorHost(name, InjectorHost.Placement.LOCAL, "");
			}
			else if (namespace.isPresent()) {
				if (!NAMESPACE.matcher(namespace.get()).matches()) {
					throw file.invalid(path + ".namespace", "not a network namespace's name: '" + namespace.get() + "'");
				}
				placed = new InjectorHost(name, InjectorHost.Placement.NAMESPACE, namespace.get());
			}
			else {
				String destination = ssh.get();
				if (!SSH.matcher(destination).matches()) {
					throw file.invalid(path + ".ssh", "USER@HOST or USER@HOST:PORT, not '" + destination + "'");
				}
				Optional<Path> identity = file.text(path + ".identity", spec.identity()).map((v) -> {
					Path key = project.resolve(v);
					if (!Files.isReadable(key)) {
						throw file.invalid(path + ".identity", "no readable private key at " + key);
					}
					return key;
				});
				String java = file.text(path + ".java", spec.java()).orElse("java");
				InjectorHost injector = new InjectorHost(name, InjectorHost.Placement.SSH, destination, identity, java, List.of(), 1);
				file.checkHost(path + ".ssh", injector.sshHost().orElseThrow());
				placed = injector;
			}
			List<String> regions = new ArrayList<>();
			if (spec.regions() != null && job.isPresent()) {
				throw file.invalid(path + ".regions", "a Job's pods share a step's clients; a region is sent by an injector of its own");
			}
			if (spec.regions() != null) {
				for (int r = 0; r < spec.regions().size(); r++) {
					String region = file.text(path + ".regions[" + r + "]", spec.regions().get(r))
						.orElseThrow(() -> file.invalid(path + ".regions", "a list of region names, as a study names them "
								+ "(northeurope, canada, japan, say)"));
					if (!regionsSent.add(region)) {
						throw file.invalid(path + ".regions[" + r + "]", path + ".regions",
								"region '" + region + "' is sent by another injector already");
					}
					regions.add(region);
				}
			}
			injectors.add(placed.sending(regions));
		}
		if (injectors.isEmpty()) {
			throw file.invalid("injectors", "at least one injector, or leave the list out for one local injector");
		}
		return injectors;
	}

}
