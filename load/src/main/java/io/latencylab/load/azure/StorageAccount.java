package io.latencylab.load.azure;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;

import com.azure.storage.common.StorageSharedKeyCredential;
import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Targets;

/**
 * The Azure Storage account seed 002's storage steps drive: the lab's Azurite by default (its
 * well-known development account, where the lab runs Azurite), or any account whose connection
 * string is in the environment ({@value #CONNECTION_STRING_VARIABLE}). The connection string holds
 * the account's key: it is read from the environment of the JVM that sends, never written to a
 * run's files; what a run records is {@link #describe()}.
 */
public final class StorageAccount {

	/** Which account: {@code azurite} (the default) or {@code environment}. */
	public static final Parameter<String> STORAGE = Parameter.text("lab.storage");

	/** The variable the Azure SDKs and tools read a connection string from. */
	public static final String CONNECTION_STRING_VARIABLE = "AZURE_STORAGE_CONNECTION_STRING";

	/** Azurite's development account: a published name and key, the same in every Azurite. */
	static final String AZURITE_ACCOUNT = "devstoreaccount1";

	static final String AZURITE_KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

	/** The API version of every request to the account (blob, queue, table): one that Azurite and Azure both serve. */
	public static final String VERSION = "2021-12-02";

	private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'",
			Locale.ROOT);

	private final String connectionString;

	private final Map<String, String> fields;

	private final boolean azurite;

	private final StorageSharedKeyCredential credential;

	/** For the set-up's requests, outside any measurement (Gatling sends the measured ones). */
	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private StorageAccount(String connectionString, boolean azurite) {
		this.connectionString = connectionString;
		this.fields = parse(connectionString);
		this.azurite = azurite;
		if (!this.fields.containsKey("accountname") || !this.fields.containsKey("accountkey")) {
			throw new IllegalArgumentException("a storage connection string needs AccountName and AccountKey (Shared Key)");
		}
		this.credential = new StorageSharedKeyCredential(this.fields.get("accountname"), this.fields.get("accountkey"));
	}

	/** Azurite's development account, its services at these URLs ("http://127.0.0.1:10001"). */
	public static StorageAccount azurite(String blobUrl, String queueUrl, String tableUrl) {
		return new StorageAccount("DefaultEndpointsProtocol=http;AccountName=" + AZURITE_ACCOUNT + ";AccountKey=" + AZURITE_KEY
				+ ";BlobEndpoint=" + blobUrl + "/" + AZURITE_ACCOUNT + ";QueueEndpoint=" + queueUrl + "/" + AZURITE_ACCOUNT
				+ ";TableEndpoint=" + tableUrl + "/" + AZURITE_ACCOUNT + ";", true);
	}

	/** An account by its connection string (Shared Key). */
	public static StorageAccount of(String connectionString) {
		return new StorageAccount(connectionString, false);
	}

	/** The account a step names: Azurite here unless {@code lab.storage=environment}. */
	public static StorageAccount from(Parameters parameters) {
		String which = parameters.get(STORAGE, "azurite");
		return switch (which) {
			case "azurite" -> azurite(Targets.url(parameters, Targets.AZURITE_BLOB), Targets.url(parameters, Targets.AZURITE_QUEUE),
					Targets.url(parameters, Targets.AZURITE_TABLE));
			case "environment" -> {
				String cs = System.getenv(CONNECTION_STRING_VARIABLE);
				if (cs == null || cs.isBlank()) {
					throw new IllegalStateException("lab.storage=environment, but " + CONNECTION_STRING_VARIABLE + " is not set");
				}
				yield of(cs);
			}
			default -> throw new IllegalArgumentException(STORAGE.name() + " is azurite or environment, not '" + which + "'");
		};
	}

	public String connectionString() {
		return this.connectionString;
	}


	public String accountName() {
		return this.fields.get("accountname");
	}

	/** The queue service's base URL: the connection string's QueueEndpoint, or the account's own in Azure. */
	public String queueEndpoint() {
		return endpoint("queue");
	}

	/** Now, as x-ms-date wants it: an HTTP date, its day always two digits (RFC 1123's formatter drops a zero). */
	public static String date() {
		return HTTP_DATE.format(ZonedDateTime.now(ZoneOffset.UTC));
	}

	/** The blob service's base URL. */
	public String blobEndpoint() {
		return endpoint("blob");
	}

	/** The table service's base URL. */
	public String tableEndpoint() {
		return endpoint("table");
	}

	/**
	 * The Authorization header of a blob or queue request (Shared Key), made by the Azure SDK's signer
	 * from the headers the request will carry: its length ("" for none), its type, its x-ms-date and
	 * any other x-ms-* header.
	 */
	public String sharedKey(String method, String url, String contentLength, String contentType, Map<String, String> msHeaders) {
		Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
		headers.put("Content-Length", contentLength);
		headers.put("Content-Type", contentType);
		headers.putAll(msHeaders);
		try {
			return this.credential.generateAuthorizationHeader(URI.create(url).toURL(), method, headers);
		}
		catch (MalformedURLException ex) {
			throw new IllegalArgumentException(url, ex);
		}
	}

	/**
	 * The Authorization header of a table request: the table service signs less than blob and queue
	 * do (the verb, Content-MD5, Content-Type, the date and the resource), with the same key.
	 */
	public String tableSharedKey(String method, String url, String contentType, String date) {
		String path = URI.create(url).getRawPath();
		String stringToSign = method + "\n\n" + contentType + "\n" + date + "\n/" + accountName() + path;
		return "SharedKey " + accountName() + ":" + this.credential.computeHmac256(stringToSign);
	}

	/** Sends a set-up request; an answer other than {@code expected} fails with its status and body. */
	HttpResponse<String> send(HttpRequest request, int... expected) {
		try {
			HttpResponse<String> response = this.http.send(request, BodyHandlers.ofString());
			if (expected.length > 0 && IntStream.of(expected).noneMatch((status) -> status == response.statusCode())) {
				throw new IllegalStateException(request.method() + " " + request.uri() + " answered " + response.statusCode()
						+ ": " + response.body());
			}
			return response;
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot reach Azure Storage at " + request.uri() + ": " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private String endpoint(String service) {
		String explicit = this.fields.get(service + "endpoint");
		if (explicit != null) {
			return explicit.replaceAll("/+$", "");
		}
		return this.fields.getOrDefault("defaultendpointsprotocol", "https") + "://" + accountName() + "." + service + "."
				+ this.fields.getOrDefault("endpointsuffix", "core.windows.net");
	}

	/** What a report names: the kind, the account and the queue endpoint; never the key. */
	public String describe() {
		return describe(queueEndpoint());
	}

	/** As {@link #describe()}, naming the table service. */
	public String describeTables() {
		return describe(tableEndpoint());
	}

	private String describe(String endpoint) {
		return (this.azurite ? "Azurite" : "Azure Storage") + " (account " + accountName() + ", " + endpoint + ")";
	}

	private static Map<String, String> parse(String connectionString) {
		Map<String, String> fields = new LinkedHashMap<>();
		for (String part : connectionString.split(";")) {
			int eq = part.indexOf('=');
			if (eq > 0) {
				fields.put(part.substring(0, eq).strip().toLowerCase(Locale.ROOT), part.substring(eq + 1).strip());
			}
		}
		return fields;
	}

}
