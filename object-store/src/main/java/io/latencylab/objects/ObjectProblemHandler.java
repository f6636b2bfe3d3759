package io.latencylab.objects;

import io.latencylab.telemetry.BodyLimit;

import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every refusal as application/problem+json. Spring MVC's own (405, a parameter of the wrong type)
 * come from the base class.
 */
@RestControllerAdvice
class ObjectProblemHandler extends ResponseEntityExceptionHandler {

	@ExceptionHandler(ObjectStoreException.class)
	ResponseEntity<ProblemDetail> refused(ObjectStoreException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(ex.status(), ex.getMessage());
		problem.setTitle(ex.title());
		return ResponseEntity.status(ex.status()).body(problem);
	}

	@ExceptionHandler(BodyLimit.TooLarge.class)
	ResponseEntity<ProblemDetail> tooLarge(BodyLimit.TooLarge ex) {
		return BodyLimit.problem(ex);
	}

}
