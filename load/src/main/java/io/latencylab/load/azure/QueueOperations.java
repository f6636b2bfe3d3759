package io.latencylab.load.azure;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import io.latencylab.load.LabHttp;
import io.latencylab.load.LoadRecorder;
import io.latencylab.load.OperationLoad;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.substring;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 002 §3.3 on Azure Storage's queue service (Azurite, or an account): Add, Peek and Receive
 * on one queue that every client shares, one queue per message size. Gatling sends the requests
 * of the Queue REST API itself, each signed with the account's Shared Key by the Azure SDK's own
 * signer; the set-up (the queue, the messages Peek and Receive need) is the same API through the
 * JDK's client, signed alike, and is not counted. Receive is the API's Get Messages of one message, hidden from
 * the others for an hour and not deleted: a delete is a second operation the study did not time.
 */
public final class QueueOperations implements OperationLoad {

	/** Messages a Receive step finds at least, topped up before it when Add did not leave as many. */
	public static final int PREFILL = 2_000;

	/**
	 * The queue-length check: a queue of its own holding this many messages before the step, for
	 * every operation (the study: 200 thousand to 2 million). Unset: the message size's shared queue.
	 */
	public static final Parameter<Integer> LENGTH = Parameter.integer("lab.queue.length");

	private final StorageAccount account;

	private final Operation operation;

	private final int messageBytes;

	private final String queueUrl;

	private final String message;

	private final AtomicLong emptyReceives = new AtomicLong();


	private final int length;

	/** The queue's length before the step, as the service told it; -1 until then. */
	private long lengthBefore = -1;

	public QueueOperations(StorageAccount account, Operation operation, int messageBytes) {
		this(account, operation, messageBytes, 0);
	}

	/** With {@code length} above 0, on a queue of that length of its own (the queue-length check). */
	public QueueOperations(StorageAccount account, Operation operation, int messageBytes, int length) {
		if (!operation.isQueue()) {
			throw new IllegalArgumentException(operation.label() + " is not a queue operation");
		}
		if (messageBytes < 1 || messageBytes > 48 * 1024) {
			throw new IllegalArgumentException("a queue message is 1 to 49,152 bytes (Azure's 64 KiB, base64-safe), not " + messageBytes);
		}
		this.account = account;
		this.operation = operation;
		this.messageBytes = messageBytes;
		if (length < 0) {
			throw new IllegalArgumentException(LENGTH.name() + " is 0 or more messages, not " + length);
		}
		this.length = length;
		this.queueUrl = account.queueEndpoint() + "/" + queueName(messageBytes) + ((length > 0) ? "-len" + length : "");
		this.message = message(messageBytes);
	}

	/** The operation on the account lab.storage names (Azurite here), on the queue lab.queue.length asks for. */
	public static QueueOperations on(Parameters parameters, Operation operation, int messageBytes) {
		return new QueueOperations(StorageAccount.from(parameters), operation, messageBytes, parameters.get(LENGTH, 0));
	}

	@Override
	public void before() {
		this.lengthBefore = setUp(PREFILL);
		System.out.printf("%s: %,d messages before the step%n", this.queueUrl, this.lengthBefore);
	}

	@Override
	public void after(Map<String, Object> facts) {
		long after = length();
		System.out.printf("%s: %,d messages after the step; %,d receives found none%n", this.queueUrl, after, emptyReceives());
		facts.putAll(Map.of("queueLengthBefore", this.lengthBefore, "queueLengthAfter", after, "emptyReceives", emptyReceives(),
				"messageBytes", this.messageBytes, "storage", storage(), "queueLength", this.length));
	}

	/** One queue a message size: "seed002-512b", "seed002-4kb". */
	public static String queueName(int messageBytes) {
		return "seed002-" + ((messageBytes % 1024 == 0) ? messageBytes / 1024 + "kb" : messageBytes + "b");
	}

	/** The message's text: exactly {@code bytes} bytes of ASCII, as the study's messages were of their size. */
	static String message(int bytes) {
		StringBuilder text = new StringBuilder(bytes);
		for (int i = 0; i < bytes; i++) {
			text.append((char) ('a' + i % 26));
		}
		return text.toString();
	}

	/** The body of Put Message. */
	String addBody() {
		return "<QueueMessage><MessageText>" + this.message + "</MessageText></QueueMessage>";
	}

	/** The account, as a report names it (never its key). */
	public String storage() {
		return this.account.describe();
	}

	public String queueUrl() {
		return this.queueUrl;
	}

	/** Receives that found no message: the queue had run dry (Peek and Receive need Add's messages). */
	public long emptyReceives() {
		return this.emptyReceives.get();
	}

	/**
	 * Before the step, not counted: the queue, and for Peek and Receive at least {@code atLeast}
	 * messages in it (Receive's hidden ones count too); on a queue of a given length, that length
	 * for every operation. Returns the queue's length as the service tells it.
	 */
	public long setUp(int atLeast) {
		send("PUT", this.queueUrl, null, 201, 204);
		long length = length();
		if (this.length > 0) {
			atLeast = this.length;
		}
		if ((this.operation != Operation.QUEUE_ADD || this.length > 0) && length < atLeast) {
			fill(atLeast - length);
			length = length();
		}
		return length;
	}

	/** The queue's length as the service tells it (Azure: approximate), from Get Queue Metadata. */
	public long length() {
		HttpResponse<String> metadata = send("GET", this.queueUrl + "?comp=metadata", null, 200);
		return Long.parseLong(metadata.headers().firstValue("x-ms-approximate-messages-count").orElse("0"));
	}

	/** {@code count} messages, sent by eight clients at once. */
	public void fill(long count) {
		try (ExecutorService senders = Executors.newFixedThreadPool(8)) {
			AtomicLong left = new AtomicLong(count);
			List<Future<?>> running = new ArrayList<>();
			for (int i = 0; i < 8; i++) {
				running.add(senders.submit(() -> {
					while (left.getAndDecrement() > 0) {
						send("POST", this.queueUrl + "/messages", addBody(), 201);
					}
				}));
			}
			for (Future<?> f : running) {
				f.get();
			}
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("could not fill " + this.queueUrl + ": " + ex.getCause().getMessage(), ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** One request of the Queue API, signed as Gatling's are, outside any measurement. */
	HttpResponse<String> send(String method, String url, String body, int... expected) {
		String date = StorageAccount.date();
		String length = (body == null) ? "" : String.valueOf(body.getBytes(StandardCharsets.UTF_8).length);
		String type = (body == null) ? "" : "application/xml";
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
			.timeout(Duration.ofSeconds(30))
			.header("x-ms-date", date)
			.header("x-ms-version", StorageAccount.VERSION)
			.header("Authorization", authorization(method, url, date, length, type))
			.method(method, (body == null) ? BodyPublishers.noBody() : BodyPublishers.ofString(body));
		if (body != null) {
			request.header("Content-Type", type);
		}
		return this.account.send(request.build(), expected);
	}

	@Override
	public ChainBuilder chain(LoadRecorder recorder) {
		return chain(recorder, this.operation.label());
	}

	/** The operation as Gatling sends it, each request signed afresh, reported under {@code name}. */
	public ChainBuilder chain(LoadRecorder recorder, String name) {
		String messages = this.queueUrl + "/messages";
		return switch (this.operation) {
			case QUEUE_ADD -> {
				String body = addBody();
				String length = String.valueOf(body.getBytes(StandardCharsets.UTF_8).length);
				yield exec((session) -> sign(session, "POST", messages, length, "application/xml"))
					.exec(LabHttp.call(recorder, name, signed(http(name).post(messages))
						.header("Content-Type", "application/xml")
						.body(StringBody(body)), 201));
			}
			case QUEUE_PEEK -> {
				String url = messages + "?peekonly=true";
				yield exec((session) -> sign(session, "GET", url, "", ""))
					.exec(LabHttp.call(recorder, name, signed(http(name).get(url))));
			}
			case QUEUE_RECEIVE -> {
				String url = messages + "?visibilitytimeout=3600";
				yield exec((session) -> sign(session, "GET", url, "", ""))
					.exec(LabHttp.call(recorder, name,
							signed(http(name).get(url)).check(substring("<MessageId>").count().saveAs("messages"))))
					.exec((session) -> {
						if (session.contains("messages") && session.getInt("messages") == 0) {
							this.emptyReceives.incrementAndGet();
						}
						return session.remove("messages");
					});
			}
			default -> throw new IllegalArgumentException(name + " is not a queue operation");
		};
	}

	private static HttpRequestActionBuilder signed(HttpRequestActionBuilder request) {
		return request.header("x-ms-date", "#{msDate}")
			.header("x-ms-version", StorageAccount.VERSION)
			.header("Authorization", "#{msAuthorization}");
	}

	/** The Shared Key signature of one request, made by the SDK from the headers Gatling will send. */
	private Session sign(Session session, String method, String url, String contentLength, String contentType) {
		String date = StorageAccount.date();
		return session.set("msDate", date).set("msAuthorization", authorization(method, url, date, contentLength, contentType));
	}

	String authorization(String method, String url, String date, String contentLength, String contentType) {
		return this.account.sharedKey(method, url, contentLength, contentType, Map.of("x-ms-date", date, "x-ms-version", StorageAccount.VERSION));
	}


}
