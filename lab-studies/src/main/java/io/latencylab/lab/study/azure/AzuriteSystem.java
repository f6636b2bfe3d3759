package io.latencylab.lab.study.azure;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;

import io.latencylab.lab.deploy.BackingSystem;
import io.latencylab.lab.deploy.BareDeployment;

/**
 * Seed 002's storage beside bare services: Azurite, when this machine has it (else how to install
 * it) and .env gives its ports, started with the study's own store (the table service) and not with
 * a lab of other services ({@code ./lab up --services meals-rest}). Under compose it is a service of
 * the compose file.
 */
final class AzuriteSystem implements BackingSystem {

	static final BackingSystem.Kind KIND = new BackingSystem.Kind() {

		@Override
		public Optional<BackingSystem> on(BareDeployment bare) {
			return Optional.of(new AzuriteSystem(bare));
		}

	};

	/** The lab's side of seed 002, which Azurite is the Azure side of. */
	static final String TABLE_SERVICE = "table-service";

	private final BareDeployment bare;

	private AzuriteSystem(BareDeployment bare) {
		this.bare = bare;
	}

	@Override
	public void up() throws IOException, InterruptedException {
		if (storage().isEmpty()) {
			System.out.println(AzuriteStorage.NAME + " not started: .env sets no AZURITE_*_PORT");
			return;
		}
		AzuriteStorage storage = storage().get();
		if (storage.running().isEmpty()) {
			if (storage.executable().isEmpty()) {
				System.out.println(AzuriteStorage.NAME + " not started: " + AzuriteStorage.howToInstall());
				return;
			}
			storage.start();
		}
		System.out.println(AzuriteStorage.NAME + " (Azure Storage emulator) ready on http://127.0.0.1:" + storage.queuePort()
				+ " (queue), blob and table beside it");
	}

	@Override
	public Map<Integer, String> portsToBind() {
		return storage().filter((s) -> s.running().isEmpty() && s.executable().isPresent())
			.map(AzuriteStorage::ports)
			.orElse(Map.of());
	}

	@Override
	public void down() throws IOException {
		Optional<AzuriteStorage> storage = storage().filter((s) -> s.running().isPresent());
		if (storage.isPresent()) {
			storage.get().stop();
			System.out.println("stopped " + AzuriteStorage.NAME);
		}
	}

	@Override
	public Map<String, ProcessHandle> processes() {
		return storage().flatMap(AzuriteStorage::running).map((p) -> Map.of(AzuriteStorage.NAME, p)).orElse(Map.of());
	}

	@Override
	public Optional<String> beside() {
		return Optional.of(TABLE_SERVICE);
	}

	private Optional<AzuriteStorage> storage() {
		var services = this.bare.services();
		if (!services.sets("AZURITE_QUEUE_PORT")) {
			return Optional.empty();
		}
		return Optional.of(new AzuriteStorage(this.bare.project(), this.bare.dir().resolve("azurite"), this.bare.bindAddress(),
				services.port("AZURITE_BLOB_PORT"), services.port("AZURITE_QUEUE_PORT"), services.port("AZURITE_TABLE_PORT")));
	}

}
