package io.latencylab.lab.study.azure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import io.latencylab.lab.deploy.BareDeployment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** Azurite stands beside seed 002's table service: a lab started without it does not bring Azurite up. */
class AzuriteSystemTests {

	@Test
	void onlyALabThatStartsTheTableServiceBringsAzurite(@TempDir Path project) throws IOException {
		BareDeployment bare = labWithAzurite(project);
		assertThat(bare.alongside()).as("every service, the table service among them").hasSize(1);
		assertThat(bare.alongside().getFirst().portsToBind()).as("Azurite's three ports").containsOnlyKeys(18100, 18101, 18102);
		assertThat(bare.only(List.of("meals-rest")).alongside()).as("meals-rest alone").isEmpty();
		assertThat(bare.only(List.of("table-service")).alongside()).as("the table service alone").hasSize(1);
	}

	/** A project whose .env gives Azurite's ports, with an azurite where the lab installs it (never run here). */
	private static BareDeployment labWithAzurite(Path project) throws IOException {
		Files.writeString(project.resolve(".env"), """
				LAB_SERVICES=meals-rest,table-service
				MEALS_REST_PORT=18081
				TABLE_PORT=18087
				AZURITE_BLOB_PORT=18100
				AZURITE_QUEUE_PORT=18101
				AZURITE_TABLE_PORT=18102
				""");
		Files.writeString(project.resolve("docker-compose.yml"), "services: {}\n");
		Path azurite = project.resolve(".tools/azurite/node_modules/.bin/azurite");
		Files.createDirectories(azurite.getParent());
		Files.writeString(azurite, "#!/bin/sh\nexit 1\n");
		Files.setPosixFilePermissions(azurite, PosixFilePermissions.fromString("rwxr-xr-x"));
		return new BareDeployment(project, List.of(AzuriteSystem.KIND));
	}

}
