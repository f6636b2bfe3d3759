package io.latencylab.sort;

import io.latencylab.telemetry.BodyLimit;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every refusal as application/problem+json; a full queue adds Retry-After. Spring MVC's own
 * errors (415, an upload over the multipart limit: 413) come from the base class.
 */
@RestControllerAdvice
class SortProblemHandler extends ResponseEntityExceptionHandler {

	@ExceptionHandler(SortRequestException.class)
	ResponseEntity<ProblemDetail> refused(SortRequestException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(ex.status(), ex.getMessage());
		problem.setTitle(ex.title());
		ex.properties().forEach(problem::setProperty);
		ResponseEntity.BodyBuilder response = ResponseEntity.status(ex.status());
		if (ex.status() == HttpStatus.SERVICE_UNAVAILABLE) {
			response.header(HttpHeaders.RETRY_AFTER, "1");
		}
		return response.body(problem);
	}

	@ExceptionHandler(BodyLimit.TooLarge.class)
	ResponseEntity<ProblemDetail> tooLarge(BodyLimit.TooLarge ex) {
		return BodyLimit.problem(ex);
	}

	/**
	 * An upload that is not multipart at all (no boundary, cut short): the client's fault. One over
	 * the size limit is the base class's 413, the closer match.
	 */
	@ExceptionHandler(MultipartException.class)
	ResponseEntity<ProblemDetail> unreadableUpload(MultipartException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
				"the multipart body could not be read: " + NestedExceptionUtils.getMostSpecificCause(ex).getMessage());
		problem.setTitle("Unreadable upload");
		return ResponseEntity.badRequest().body(problem);
	}

}
