package io.latencylab.lab.deploy;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/** The cores of services run as processes here: each pinned with every thread (taskset -a); the threads it starts inherit it. */
final class ProcessCores implements CpuControl {

	private final Function<String, Optional<ProcessHandle>> running;

	private final Supplier<List<String>> names;

	/** The cores the services run on; limitCpus gives a service the first of them. */
	private Cores cores = Cores.here(false);

	/**
	 * @param running a service's process, when it runs
	 * @param names the services
	 */
	ProcessCores(Function<String, Optional<ProcessHandle>> running, Supplier<List<String>> names) {
		this.running = running;
		this.names = names;
	}

	@Override
	public void limitCpus(String service, int cpus) throws IOException, InterruptedException {
		ProcessHandle process = this.running.apply(service)
			.orElseThrow(() -> new IllegalStateException(service + " does not run: cannot limit its cores"));
		Cores.pin(process.pid(), (cpus <= 0) ? this.cores.services() : this.cores.firstForServices(cpus));
	}

	@Override
	public void placeServices(Cores cores) throws IOException, InterruptedException {
		this.cores = cores;
		for (String name : this.names.get()) {
			Optional<ProcessHandle> process = this.running.apply(name);
			if (process.isPresent()) {
				Cores.pin(process.get().pid(), cores.services());
			}
		}
	}

	/** A service started again goes where the others are. */
	void place(ProcessHandle process) throws IOException, InterruptedException {
		Cores.pin(process.pid(), this.cores.services());
	}

}
