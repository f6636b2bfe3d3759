package io.latencylab.lab.deploy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The cores of a compose project's containers: a service's CPU quota, and every container's cpuset. */
final class ContainerCpus implements CpuControl {

	private final ContainerUsage.Docker docker;

	/** Per container: the quota compose gave it (NanoCpus), remembered while a limit of the lab's replaces it. */
	private final Map<String, String> quotas = new HashMap<>();

	ContainerCpus(ContainerUsage.Docker docker) {
		this.docker = docker;
	}

	@Override
	public void limitCpus(String service, int cpus) throws IOException, InterruptedException {
		String container = this.docker.output(List.of("docker", "compose", "ps", "-q", service)).strip();
		if (container.isEmpty()) {
			throw new IllegalStateException(service + " does not run: cannot limit its cores");
		}
		// `docker update --cpus 0` leaves the quota as it is, so lifting a limit restores the one
		// compose gave the container (LAB_<SERVICE>_CPUS), remembered when the limit was set.
		if (cpus > 0) {
			this.quotas.putIfAbsent(container,
					this.docker.output(List.of("docker", "inspect", "--format", "{{.HostConfig.NanoCpus}}", container)).strip());
		}
		String quota = (cpus > 0) ? String.valueOf(cpus) : cpusOf(this.quotas.remove(container));
		this.docker.output(List.of("docker", "update", "--cpus", quota, container));
	}

	/** Every container of the lab (services, database, trace store) on the services' cores: its cpuset. */
	@Override
	public void placeServices(Cores cores) throws IOException, InterruptedException {
		if (!cores.separate()) {
			return;
		}
		List<String> command = new ArrayList<>(List.of("docker", "update", "--cpuset-cpus", cores.services()));
		command.addAll(this.docker.output(List.of("docker", "compose", "ps", "-q")).strip().lines().toList());
		if (command.size() > 4) {
			this.docker.output(command);
		}
	}

	/** NanoCpus as docker inspect prints it → the --cpus that gives it back; none: every core here. */
	static String cpusOf(String nanoCpus) {
		long nanos = (nanoCpus == null || nanoCpus.isBlank()) ? 0 : Long.parseLong(nanoCpus.strip());
		return (nanos > 0) ? String.format(Locale.ROOT, "%.3f", nanos / 1e9)
				: String.valueOf(Runtime.getRuntime().availableProcessors());
	}

}
