package io.latencylab.lab.study.azure;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.study.RunHook;
import io.latencylab.lab.study.StudyOption;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.load.azure.StorageAccount;
import io.latencylab.plan.Step;

/**
 * Seed 002's part of a run: which Azure Storage account its storage steps drive, "azurite" (the
 * lab's, the default) or "environment" (the connection string in AZURE_STORAGE_CONNECTION_STRING
 * where Gatling runs).
 */
public final class StorageHook implements RunHook {

	public static final List<String> ACCOUNTS = List.of("azurite", "environment");

	/** --storage, seed 002's option and the tour's, which visits its storage steps. */
	public static final StudyOption OPTION = new StudyOption("storage", "ACCOUNT", "azurite",
			"The Azure Storage account seed 002's storage steps drive: azurite (the default: the one 'lab up' starts, "
					+ "its development account) or environment (any account, by the connection string in "
					+ StorageAccount.CONNECTION_STRING_VARIABLE + " where the load generator runs; its key is never "
					+ "written). The report names the account.");

	private final String storage;

	private StorageHook(String storage) {
		this.storage = storage;
	}

	/**
	 * @throws IllegalArgumentException for an account that is neither, or "environment" without a
	 * connection string that parses
	 */
	public static StorageHook of(String storage) {
		if (!ACCOUNTS.contains(storage)) {
			throw new IllegalArgumentException("--storage is azurite or environment, not '" + storage + "'");
		}
		if (storage.equals("environment")) {
			String connectionString = System.getenv(StorageAccount.CONNECTION_STRING_VARIABLE);
			if (connectionString == null || connectionString.isBlank()) {
				throw new IllegalArgumentException(
						"--storage environment: set " + StorageAccount.CONNECTION_STRING_VARIABLE + " to the account's connection string");
			}
			try {
				StorageAccount.of(connectionString);
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException("--storage environment: " + ex.getMessage(), ex);
			}
		}
		return new StorageHook(storage);
	}

	/** The account's key stays on this machine: ssh passes no environment, and the key is never written. */
	@Override
	public Optional<String> refuses(Deployment deployment, List<Step> steps, List<InjectorHost> injectors) {
		if (this.storage.equals("environment") && injectors.stream().anyMatch((i) -> i.sshHost().isPresent())) {
			return Optional.of("--storage environment: the connection string stays on this machine; an injector over "
					+ "ssh cannot use it");
		}
		return Optional.empty();
	}

	@Override
	public Active open(Deployment deployment, List<Step> steps) {
		return new Active() {

			@Override
			public Map<String, String> targets() {
				return Map.of(StorageAccount.STORAGE.name(), StorageHook.this.storage);
			}

		};
	}

}
