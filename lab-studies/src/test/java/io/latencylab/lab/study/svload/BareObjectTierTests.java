package io.latencylab.lab.study.svload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.latencylab.lab.deploy.BareDeployment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** The cache tier stands beside the object store: a lab started without one binds none of its ports. */
class BareObjectTierTests {

	@Test
	void onlyALabThatStartsTheObjectStoreBindsItsTiersPorts(@TempDir Path project) throws IOException {
		Files.writeString(project.resolve(".env"), """
				LAB_SERVICES=meals-rest,object-store
				MEALS_REST_PORT=18081
				OBJECT_STORE_PORT=18085
				OBJECT_CACHE_PORT=18086
				OBJECT_STORE_TLS_PORT=18445
				OBJECT_CACHE_TLS_PORT=18446
				""");
		Files.writeString(project.resolve("docker-compose.yml"), "services: {}\n");
		BareDeployment bare = new BareDeployment(project, List.of(ObjectTier.KIND));
		BareObjectTier tier = new BareObjectTier(bare);
		assertThat(tier.portsToBind()).as("every service, the object store among them").containsEntry(18445, "object-store's HTTPS");
		bare.only(List.of("meals-rest"));
		assertThat(tier.portsToBind()).as("meals-rest alone").isEmpty();
	}

}
