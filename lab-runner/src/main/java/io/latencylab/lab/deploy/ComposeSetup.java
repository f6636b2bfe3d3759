package io.latencylab.lab.deploy;

import java.util.List;

/**
 * How compose runs the lab: as shipped (PostgreSQL, spans to Jaeger, a CPU and memory limit a
 * container, compose's bridge network), or with every one of those taken back to what bare JVMs
 * have, so that the containers are the only difference left (ops/compose/like-bare.yml), and then
 * on the host's network instead of the bridge (ops/compose/host-network.yml).
 */
public enum ComposeSetup {

	AS_SHIPPED("compose", "compose-as-shipped"),

	LIKE_BARE("compose, like bare", "compose"),

	HOST_NETWORK("compose, like bare, host network", "compose-host");

	private final String mode;

	private final String side;

	ComposeSetup(String mode, String side) {
		this.mode = mode;
		this.side = side;
	}

	/** How a run's manifest names the deployment. */
	public String mode() {
		return this.mode;
	}

	/** Its name in --compare. */
	public String side() {
		return this.side;
	}

	public boolean likeBare() {
		return this != AS_SHIPPED;
	}

	/** The compose files, in the order compose merges them (the last one wins). */
	List<String> files() {
		return switch (this) {
			case AS_SHIPPED -> List.of("docker-compose.yml", "ops/compose/tls.yml");
			case LIKE_BARE -> List.of("docker-compose.yml", "ops/compose/like-bare.yml", "ops/compose/tls.yml");
			case HOST_NETWORK -> List.of("docker-compose.yml", "ops/compose/like-bare.yml", "ops/compose/tls.yml",
					"ops/compose/host-network.yml");
		};
	}

}
