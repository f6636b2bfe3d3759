package io.latencylab.load.azure;

import java.util.Map;

import io.latencylab.plan.Operation;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Targets;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which account seed 002's queue steps drive, and what of it a run may write down. */
class StorageAccountTests {

	@Test
	void azuriteIsTheDevelopmentAccountWhereTheLabRunsItsQueueService() {
		StorageAccount account = StorageAccount.from(Parameters.of(Map.of(Targets.AZURITE_QUEUE.name(), "http://10.0.0.2:10001")));
		assertThat(account.accountName()).isEqualTo("devstoreaccount1");
		assertThat(account.queueEndpoint()).isEqualTo("http://10.0.0.2:10001/devstoreaccount1");
		assertThat(account.describe()).isEqualTo("Azurite (account devstoreaccount1, http://10.0.0.2:10001/devstoreaccount1)");
	}

	@Test
	void anAccountInAzureHasItsQueueEndpointFromItsNameAndNeverShowsItsKey() {
		StorageAccount account = StorageAccount.of(
				"DefaultEndpointsProtocol=https;AccountName=labstore;AccountKey=c2VjcmV0;EndpointSuffix=core.windows.net");
		assertThat(account.queueEndpoint()).isEqualTo("https://labstore.queue.core.windows.net");
		assertThat(account.describe()).isEqualTo("Azure Storage (account labstore, https://labstore.queue.core.windows.net)")
			.doesNotContain("c2VjcmV0");
		assertThat(new QueueOperations(account, Operation.QUEUE_PEEK, 1024).queueUrl())
			.isEqualTo("https://labstore.queue.core.windows.net/seed002-1kb");
		assertThat(new QueueOperations(account, Operation.QUEUE_PEEK, 512, 10_000).queueUrl())
			.isEqualTo("https://labstore.queue.core.windows.net/seed002-512b-len10000");
	}

	@Test
	void anAccountsBlobAndTableEndpointsAndItsDatesAsTheServicesParseThem() {
		StorageAccount account = StorageAccount.of("AccountName=labstore;AccountKey=c2VjcmV0");
		assertThat(account.blobEndpoint()).isEqualTo("https://labstore.blob.core.windows.net");
		assertThat(account.tableEndpoint()).isEqualTo("https://labstore.table.core.windows.net");
		assertThat(new AzureInserts(account, 4).tableUrl()).isEqualTo("https://labstore.table.core.windows.net/seed002inserts4kb");
		assertThat(new AzureInserts(account, 4).containerUrl()).isEqualTo("https://labstore.blob.core.windows.net/seed002-inserts-4kb");
		// RFC 1123's formatter writes "Sun, 1 Nov": the services want the day in two digits.
		assertThat(StorageAccount.date()).matches("[A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT");
		assertThat(account.tableSharedKey("POST", "https://labstore.table.core.windows.net/t", "application/json",
				"Sun, 01 Nov 2026 00:00:00 GMT")).startsWith("SharedKey labstore:");
	}

	@Test
	void aConnectionStringWithoutASharedKeyOrAnUnknownAccountKindIsRefused() {
		assertThatThrownBy(() -> StorageAccount.of("AccountName=a;SharedAccessSignature=sv=2021")).hasMessageContaining("AccountKey");
		assertThatThrownBy(() -> StorageAccount.from(Parameters.of(Map.of(StorageAccount.STORAGE.name(), "s3"))))
			.hasMessageContaining("azurite or environment, not 's3'");
		assertThatThrownBy(() -> new QueueOperations(StorageAccount.of("AccountName=a;AccountKey=c2VjcmV0"), Operation.QUEUE_PEEK, 0))
			.hasMessageContaining("1 to 49,152 bytes");
		assertThatThrownBy(() -> new QueueOperations(StorageAccount.of("AccountName=a;AccountKey=c2VjcmV0"), Operation.TOY_BUY, 512))
			.hasMessageContaining("not a queue operation");
	}

}
