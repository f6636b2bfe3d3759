package io.latencylab.lab.deploy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ComposePortsTests {

	/** As `docker compose config --format json` writes it (trimmed). */
	private static final String CONFIG = """
			{"name": "main", "services": {
			  "postgres": {"ports": [{"mode": "ingress", "host_ip": "127.0.0.1", "target": 5432, "published": "5432", "protocol": "tcp"}]},
			  "catalog-service": {"depends_on": {"postgres": {"condition": "service_healthy", "required": true}},
			    "ports": [{"host_ip": "127.0.0.1", "target": 9091, "published": "9091"},
			              {"host_ip": "127.0.0.1", "target": 8091, "published": "8091"}]},
			  "frontend-service": {"depends_on": {"catalog-service": {"condition": "service_healthy"}},
			    "ports": [{"host_ip": "127.0.0.1", "target": 8080, "published": "8080"}]},
			  "grafana": {"ports": [{"host_ip": "127.0.0.1", "target": 3000, "published": "3000"}]},
			  "jaeger": {"ports": [{"target": 16686}]}
			}}""";

	@Test
	void theServicesStartedAndThoseTheyDependOnPublishTheirPorts() {
		assertThat(ComposePorts.published(CONFIG, List.of("frontend-service"))).containsExactly(
				Map.entry(8080, "frontend-service's published port"),
				Map.entry(9091, "catalog-service's published port"),
				Map.entry(8091, "catalog-service's published port"),
				Map.entry(5432, "postgres's published port"));
	}

	@Test
	void noServiceNamedMeansEveryOneOfTheFileAndAPortWithoutAHostSideIsNone() {
		assertThat(ComposePorts.published(CONFIG, List.of())).containsOnlyKeys(5432, 9091, 8091, 8080, 3000);
	}

}
