package io.latencylab.lab.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.net.EmulatedDistance;
import io.latencylab.lab.net.Link;
import io.latencylab.lab.net.Toxiproxy;
import io.latencylab.lab.study.Studies;
import io.latencylab.lab.study.Study;
import io.latencylab.lab.topology.Topology;
import io.latencylab.plan.Parameter;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** `./lab run`'s emulated distance: one round trip to every service, or each region of the study's own. */
final class DistanceOptions {

	@Option(names = "--distance", paramLabel = "ROUND_TRIP",
			description = "Put this round trip (50ms, 1s) between the load generator and every service, through "
					+ "Toxiproxy (toxiproxy-server on the PATH); the report names it. Default: none.")
	String distance;

	@Option(names = "--regions",
			description = "Emulate the distance of each region the study's load came from ('lab list' names the "
					+ "studies that have regions, and each region's round trip): each region's requests through Toxiproxy proxies of their own with its round trip, and the jitter and "
					+ "bandwidth a --topology file's 'regions' set; the study's section of the report names each link and "
					+ "its source.")
	boolean regions;

	/** --distance, checked: none when not given. */
	Duration roundTrip(CommandLine cli) {
		Duration roundTrip;
		try {
			roundTrip = (this.distance == null) ? Duration.ZERO : Parameter.parseDuration(this.distance);
		}
		catch (RuntimeException ex) {
			throw new CommandLine.ParameterException(cli,
					"--distance takes a round trip such as 40ms or 1s, not '" + this.distance + "'");
		}
		if (!roundTrip.isZero() && Toxiproxy.binary().isEmpty()) {
			throw new IllegalStateException("--distance needs toxiproxy-server on the PATH; " + Toxiproxy.INSTALL);
		}
		return roundTrip;
	}

	/**
	 * With --regions: the study's regions, each with its round trip, and whatever the topology file
	 * changes of their links (round trip, jitter, bandwidth); else none.
	 */
	Map<String, Link> regionLinks(CommandLine cli, String experiment, Topology topology) {
		Map<String, Link.Change> changes = (topology == null) ? Map.of() : topology.regions();
		if (!this.regions) {
			if (!changes.isEmpty()) {
				throw new CommandLine.ParameterException(cli, "the topology " + topology.name()
						+ " sets links for regions " + topology.regions().keySet() + ": run with --regions to emulate them");
			}
			return Map.of();
		}
		Study study = Studies.named(experiment).filter((s) -> !s.regionRoundTrips().isEmpty())
			.orElseThrow(() -> new CommandLine.ParameterException(cli, "--regions: " + experiment + " has no regions ("
					+ String.join(" and ", Studies.all().stream().filter((s) -> !s.regionRoundTrips().isEmpty())
						.map(Study::name).toList()) + " have)"));
		if (Toxiproxy.binary().isEmpty()) {
			throw new IllegalStateException("--regions needs toxiproxy-server on the PATH; " + Toxiproxy.INSTALL);
		}
		Map<String, Link> links = new LinkedHashMap<>();
		study.regionRoundTrips().forEach((region, roundTrip) -> links.put(region, Link.of(roundTrip)));
		changes.forEach((region, change) -> {
			Link link = links.get(region);
			if (link == null) {
				throw new IllegalStateException(topology.name() + ": region '" + region + "' is none of " + study.name()
						+ "'s " + links.keySet());
			}
			try {
				links.put(region, change.applyTo(link));
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalStateException(topology.name() + ", region '" + region + "': " + ex.getMessage(), ex);
			}
		});
		return links;
	}

	/** What the run's header names as injected: the --inject points, the distance, the regions' round trips. */
	static List<String> described(List<String> injections, Duration roundTrip, Map<String, Link> regions) {
		List<String> described = new ArrayList<>(injections);
		if (!roundTrip.isZero()) {
			described.add(EmulatedDistance.describe(roundTrip));
		}
		if (!regions.isEmpty()) {
			List<String> each = new ArrayList<>();
			regions.forEach((region, link) -> each.add(region + " " + link.describe()));
			described.add("regions: " + String.join("; ", each) + " to the services (Toxiproxy latency "
					+ "toxics, half the round trip each way, and bandwidth toxics where set; a proxy server a region)");
		}
		return described;
	}

}
