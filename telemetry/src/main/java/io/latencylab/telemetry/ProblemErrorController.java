package io.latencylab.telemetry;

import java.net.URI;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The servlet container's own errors (a method it refuses, such as TRACE; a request it cannot
 * parse; an exception nothing else handled) as application/problem+json, the shape every other
 * error of the REST services has. Spring Boot's default error page answered them in a JSON shape of
 * its own. A service with an error shape of its own (the toy store's front end) defines its own
 * ErrorController, and this one stands back.
 */
@RestController
class ProblemErrorController implements ErrorController {

	@RequestMapping("${server.error.path:/error}")
	ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
		Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
		// Asked for by a client rather than forwarded to by the container: there is no such page.
		HttpStatus status = (code == null) ? HttpStatus.NOT_FOUND
				: (code instanceof Integer value && HttpStatus.resolve(value) != null) ? HttpStatus.valueOf(value)
						: HttpStatus.INTERNAL_SERVER_ERROR;
		ProblemDetail problem = ProblemDetail.forStatus(status);
		problem.setTitle(status.getReasonPhrase());
		// A server error says no more than that: its cause is in the log and the trace.
		if (status.is5xxServerError()) {
			problem.setDetail("internal error");
		}
		Object uri = (code == null) ? request.getRequestURI() : request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
		if (uri instanceof String path) {
			problem.setInstance(URI.create(path.replace(" ", "%20")));
		}
		return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

}
