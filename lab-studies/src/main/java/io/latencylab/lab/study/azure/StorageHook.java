package io.latencylab.lab.study.azure;

import java.util.List;
import java.util.Map;

import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.run.RunHook;
import io.latencylab.load.azure.StorageAccount;
import io.latencylab.plan.Step;

/**
 * Seed 002's part of a run: which Azure Storage account its storage steps drive, "azurite" (the
 * lab's, the default) or "environment" (the connection string in AZURE_STORAGE_CONNECTION_STRING
 * where Gatling runs).
 */
public final class StorageHook implements RunHook {

	public static final List<String> ACCOUNTS = List.of("azurite", "environment");

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

	/** Whether the account's key stays on this machine, so that an injector over ssh cannot use it. */
	public boolean fromEnvironment() {
		return this.storage.equals("environment");
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
