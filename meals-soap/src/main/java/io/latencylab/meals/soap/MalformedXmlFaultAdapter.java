package io.latencylab.meals.soap;

import java.io.ByteArrayOutputStream;
import java.io.IOException;

import io.latencylab.telemetry.BodyLimit;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.ws.InvalidXmlException;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.soap.SoapMessageCreationException;
import org.springframework.ws.transport.http.WebServiceMessageReceiverHandlerAdapter;

/**
 * Answers a request that is not even XML, or XML that AXIOM will not make a message of (a document
 * type declaration, and with it every external entity and entity bomb), with a Client fault:
 * Spring-WS's own adapter answers the first with an empty HTTP 400, and the second reached the
 * servlet container as an error page, neither of which SOAP clients can read. A body over the service's limit
 * (lab.http.max-body-size) gets a Client fault too, with HTTP 413: whether its declared length
 * gave it away before the read (as the body limit's refusal) or the read passed the limit.
 */
class MalformedXmlFaultAdapter extends WebServiceMessageReceiverHandlerAdapter implements BodyLimit.Refusal {

	private final MealsFaults faults;

	MalformedXmlFaultAdapter(MealsFaults faults) {
		this.faults = faults;
	}

	@Override
	public ModelAndView handle(HttpServletRequest request, HttpServletResponse response, Object handler)
			throws Exception {
		try {
			return super.handle(request, new UnflushedResponse(response), handler);
		}
		catch (RuntimeException ex) {
			// The message factory reads the body while making the message, and throws its own
			// exception without the one that stopped the read.
			if (BodyLimit.exceeded(request).isPresent()) {
				write(request, response, BodyLimit.exceeded(request).get());
				return null;
			}
			if (ex instanceof SoapMessageCreationException) {
				// AXIOM refuses what a SOAP message must not hold, such as a document type declaration
				// (SOAP 1.1 §3), before any entity in it is expanded or resolved: no XXE, no
				// entity expansion.
				fault(response, HttpServletResponse.SC_INTERNAL_SERVER_ERROR, MealsFaults.Code.MALFORMED_XML,
						"the request is not a SOAP message this service reads: "
								+ NestedExceptionUtils.getMostSpecificCause(ex).getMessage());
				return null;
			}
			throw ex;
		}
	}

	/**
	 * Spring-WS flushes the response once the message is written; flushed, Tomcat commits it
	 * with chunked encoding and writes it in two packets. Unflushed, a response that fits Tomcat's
	 * buffer goes out when the stream is closed or the request ends, in one, with a Content-Length.
	 * Only flush is left out; everything else reaches Tomcat's stream.
	 */
	private static final class UnflushedResponse extends HttpServletResponseWrapper {

		private ServletOutputStream unflushed;

		UnflushedResponse(HttpServletResponse response) {
			super(response);
		}

		@Override
		public ServletOutputStream getOutputStream() throws IOException {
			if (this.unflushed == null) {
				ServletOutputStream out = super.getOutputStream();
				this.unflushed = new ServletOutputStream() {

					@Override
					public void write(int b) throws IOException {
						out.write(b);
					}

					@Override
					public void write(byte[] bytes, int offset, int length) throws IOException {
						out.write(bytes, offset, length);
					}

					@Override
					public void flush() {
					}

					@Override
					public void close() throws IOException {
						out.close();
					}

					@Override
					public boolean isReady() {
						return out.isReady();
					}

					@Override
					public void setWriteListener(WriteListener listener) {
						out.setWriteListener(listener);
					}

				};
			}
			return this.unflushed;
		}

	}

	@Override
	protected void handleInvalidXmlException(HttpServletRequest request, HttpServletResponse response,
			Object handler, InvalidXmlException ex) throws Exception {
		Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
		if (BodyLimit.exceeded(request).isPresent()) {
			write(request, response, BodyLimit.exceeded(request).get());
			return;
		}
		// WS-I Basic Profile: a SOAP 1.1 fault travels with HTTP 500.
		fault(response, HttpServletResponse.SC_INTERNAL_SERVER_ERROR, MealsFaults.Code.MALFORMED_XML,
				"the request is not a well-formed SOAP message: " + cause.getMessage());
	}

	@Override
	public void write(HttpServletRequest request, HttpServletResponse response, BodyLimit.TooLarge refused)
			throws IOException {
		fault(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, MealsFaults.Code.BODY_TOO_LARGE,
				refused.getMessage());
	}

	private void fault(HttpServletResponse response, int status, MealsFaults.Code code, String message)
			throws IOException {
		SoapMessage fault = (SoapMessage) getMessageFactory().createWebServiceMessage();
		this.faults.write(fault, code, message);
		response.setStatus(status);
		response.setContentType("text/xml;charset=UTF-8");
		// A declared length lets a client that is still sending stop reading at the fault's end: when
		// the unread rest of a refused body is too large to swallow, Tomcat closes the connection, and
		// a fault delimited by that close can be cut off by the reset the unread bytes cause.
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		fault.writeTo(bytes);
		response.setContentLength(bytes.size());
		bytes.writeTo(response.getOutputStream());
	}

}
