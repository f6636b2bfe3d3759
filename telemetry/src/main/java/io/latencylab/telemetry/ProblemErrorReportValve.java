package io.latencylab.telemetry;

import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;

/**
 * Tomcat's answer to a request it refuses before the application sees it (a NUL or a malformed
 * escape in the path, a bad header), as problem+json instead of its HTML page. Errors the
 * application answers itself have a body already and are left alone.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

	@Override
	protected void report(Request request, Response response, Throwable throwable) {
		int status = response.getStatus();
		if (status < 400 || response.getContentWritten() > 0) {
			return;
		}
		AtomicBoolean ioAllowed = new AtomicBoolean(true);
		response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
		if (!ioAllowed.get()) {
			return;
		}
		String title = reason(status);
		try {
			response.setContentType("application/problem+json");
			response.setCharacterEncoding("UTF-8");
			Writer writer = response.getReporter();
			if (writer != null) {
				writer.write("{\"type\":\"about:blank\",\"title\":\"" + title + "\",\"status\":" + status
						+ ",\"detail\":\"the server refused the request before reading it: " + title.toLowerCase()
						+ " (a malformed request line, path or header)\"}");
				response.finishResponse();
			}
		}
		catch (IOException | IllegalStateException ex) {
			// The connection is gone; nothing more to tell the client.
		}
	}

	private static String reason(int status) {
		return switch (status) {
			case 400 -> "Bad Request";
			case 404 -> "Not Found";
			case 408 -> "Request Timeout";
			case 413 -> "Content Too Large";
			case 414 -> "URI Too Long";
			case 431 -> "Request Header Fields Too Large";
			case 505 -> "HTTP Version Not Supported";
			default -> (status < 500) ? "Client Error" : "Server Error";
		};
	}

}
