package io.latencylab.lab.study.svload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.latencylab.lab.deploy.BareDeployment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** The cache tier stands beside the object store: a lab started without one does not bring it up. */
class BareObjectTierTests {

	@Test
	void onlyALabThatStartsTheObjectStoreBringsItsTier(@TempDir Path project) throws IOException {
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
		assertThat(bare.backing(ObjectTier.class)).get().isInstanceOf(BareObjectTier.class);
		assertThat(bare.alongside()).as("every service, the object store among them").hasSize(1);
		assertThat(bare.alongside().getFirst().portsToBind()).containsEntry(18445, "object-store's HTTPS");
		assertThat(bare.only(List.of("meals-rest")).alongside()).as("meals-rest alone").isEmpty();
		assertThat(bare.only(List.of("object-store")).alongside()).as("the object store alone").hasSize(1);
	}

}
