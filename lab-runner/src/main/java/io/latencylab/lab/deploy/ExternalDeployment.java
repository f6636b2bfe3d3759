package io.latencylab.lab.deploy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.latencylab.lab.net.Http;
import io.latencylab.lab.topology.Topology;
import io.latencylab.lab.topology.Topology.Endpoint;
import io.latencylab.lab.traces.FileTraces;
import io.latencylab.lab.traces.JaegerTraces;
import io.latencylab.lab.traces.Traces;
import io.latencylab.plan.Services;

/**
 * Services that somebody else started, wherever a topology file places them: the lab checks that
 * every one answers before any load starts, reads their spans and metrics where the file says, and
 * never starts or stops them. Their CPU and memory come from their own metrics
 * (/actuator/prometheus), since their processes may be on another host.
 */
public final class ExternalDeployment implements Deployment {

	/** How long up() waits for a service that does not answer yet (one that is starting). */
	static final int READY_SECONDS = 10;

	private final Services services;

	private final Topology topology;

	private final MetricsUsage usage;

	public ExternalDeployment(Services services, Topology topology) {
		this.services = services;
		this.topology = topology;
		this.usage = new MetricsUsage(topology);
	}

	@Override
	public String mode() {
		return "external (" + this.topology.name() + ")";
	}

	@Override
	public Services services() {
		return this.services;
	}

	@Override
	public Topology topology() {
		return this.topology;
	}

	/**
	 * Starts nothing: fails, naming the service and its address, unless every service's HTTP and
	 * gRPC ports take a connection and its readiness answers within {@link #READY_SECONDS}.
	 */
	@Override
	public void up(List<String> injections) throws IOException, InterruptedException {
		if (!injections.isEmpty()) {
			throw new IllegalStateException("--inject starts services with the latency in them, and the lab does not start "
					+ "the services of " + this.topology.name() + "; start them with LAB_INJECTIONS set instead");
		}
		for (Map.Entry<String, Endpoint> service : this.topology.services().entrySet()) {
			Endpoint endpoint = service.getValue();
			connect(service.getKey(), endpoint.http());
			if (endpoint.grpc().isPresent()) {
				connect(service.getKey() + " (gRPC)", "grpc://" + endpoint.grpc().get());
			}
			long deadline = System.nanoTime() + READY_SECONDS * 1_000_000_000L;
			while (Http.get(endpoint.readiness()).isEmpty()) {
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException(service.getKey() + " is not ready at " + endpoint.readiness() + " (after "
							+ READY_SECONDS + " s; " + this.topology.name() + ")");
				}
				Thread.sleep(500);
			}
		}
	}

	private void connect(String what, String url) {
		URI uri = URI.create(url);
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 3000);
		}
		catch (IOException ex) {
			throw new IllegalStateException(what + " does not answer at " + uri.getHost() + ":" + uri.getPort() + " ("
					+ ex.getMessage() + "; " + this.topology.name() + ")");
		}
	}

	/** Stops nothing: the lab did not start these services. */
	@Override
	public void down() {
		System.out.println("The services of " + this.topology.name() + " were started elsewhere; the lab leaves them running");
	}

	@Override
	public Optional<String> cannotRun(boolean limitsCpus) {
		return limitsCpus ? Optional.of("the lab cannot limit a service's cores, as a step of this plan does, for services it "
				+ "did not start (" + this.topology.name() + ")") : Optional.empty();
	}

	/** CPU from each service's process CPU time between two samples, memory as the JVM's heap and non-heap in use. */
	@Override
	public Metering metering() {
		return this.usage;
	}

	@Override
	public Traces traces() {
		Topology.TraceSource traces = this.topology.traces();
		return traces.files().<Traces>map(FileTraces::new).orElseGet(() -> new JaegerTraces(traces.jaeger().orElseThrow()));
	}

	@Override
	public Map<String, String> factors() {
		Map<String, String> factors = new LinkedHashMap<>();
		factors.put("services run as", "started elsewhere (" + this.topology.name() + ")");
		List<String> hosts = new ArrayList<>();
		this.topology.services().values().forEach((e) -> {
			String host = URI.create(e.http()).getHost();
			if (!hosts.contains(host)) {
				hosts.add(host);
			}
		});
		factors.put("network", "to " + String.join(", ", hosts));
		factors.put("span export", this.topology.traces().describe());
		return factors;
	}

	@Override
	public Optional<String> startLog(String service) {
		return Optional.empty();
	}

}
