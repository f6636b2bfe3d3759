package io.latencylab.meals.rest;

import java.util.List;
import java.util.Map;

import io.latencylab.meals.MealsException;
import io.latencylab.telemetry.BodyLimit;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every error as {@code application/problem+json} (RFC 9457). Spring MVC's own errors (405, 406,
 * 415, bad parameters) come from the base class; this adds the domain's refusals, the failing
 * fields of an invalid body, and a readable account of malformed JSON.
 */
@RestControllerAdvice
class MealsProblemHandler extends ResponseEntityExceptionHandler {

	@ExceptionHandler(MealsException.class)
	ResponseEntity<ProblemDetail> refused(MealsException ex) {
		HttpStatus status = switch (ex.reason()) {
			case MEAL_NOT_FOUND, ORDER_NOT_FOUND -> HttpStatus.NOT_FOUND;
			case DUPLICATE_NAME -> HttpStatus.CONFLICT;
			case INVALID_INPUT -> HttpStatus.BAD_REQUEST;
		};
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, ex.getMessage());
		problem.setTitle(switch (ex.reason()) {
			case MEAL_NOT_FOUND -> "Meal not found";
			case ORDER_NOT_FOUND -> "Order not found";
			case DUPLICATE_NAME -> "Meal already exists";
			case INVALID_INPUT -> "Invalid request";
		});
		problem.setProperty("code", ex.reason().name());
		return ResponseEntity.status(status).body(problem);
	}

	@ExceptionHandler(BodyLimit.TooLarge.class)
	ResponseEntity<ProblemDetail> tooLarge(BodyLimit.TooLarge ex) {
		return BodyLimit.problem(ex);
	}

	@Override
	protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		List<Map<String, Object>> errors = ex.getBindingResult()
			.getFieldErrors()
			.stream()
			.map(MealsProblemHandler::describe)
			.toList();
		return validationFailed(ex, errors, "field", headers, status, request);
	}

	@Override
	protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		List<Map<String, Object>> errors = ex.getParameterValidationResults()
			.stream()
			.flatMap((result) -> result.getResolvableErrors()
				.stream()
				.map((error) -> Map.<String, Object>of("field",
						String.valueOf(result.getMethodParameter().getParameterName()), "message",
						String.valueOf(error.getDefaultMessage()))))
			.toList();
		return validationFailed(ex, errors, "parameter", headers, status, request);
	}

	@Override
	protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		// Jackson reports a body cut off at the limit as unreadable JSON: it is a 413.
		if (request instanceof ServletWebRequest servlet && BodyLimit.exceeded(servlet.getRequest()).isPresent()) {
			ResponseEntity<ProblemDetail> tooLarge = BodyLimit.problem(BodyLimit.exceeded(servlet.getRequest()).get());
			return ResponseEntity.status(tooLarge.getStatusCode()).headers(tooLarge.getHeaders()).body(tooLarge.getBody());
		}
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, firstLine(ex));
		problem.setTitle("Malformed JSON");
		problem.setProperty("code", "MALFORMED_JSON");
		return handleExceptionInternal(ex, problem, headers, status, request);
	}

	/** A 400 whose {@code errors} property lists each failing field or parameter with its message. */
	private ResponseEntity<Object> validationFailed(Exception ex, List<Map<String, Object>> errors, String noun,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, errors.size() + " invalid " + noun + "(s): "
				+ String.join("; ", errors.stream().map((e) -> e.get("field") + " " + e.get("message")).toList()));
		problem.setTitle("Validation failed");
		problem.setProperty("code", MealsException.Reason.INVALID_INPUT.name());
		problem.setProperty("errors", errors);
		return handleExceptionInternal(ex, problem, headers, status, request);
	}

	private static Map<String, Object> describe(FieldError error) {
		// A create's meal is unwrapped into its body (NewMeal): name the field as the client wrote it.
		String field = error.getField().startsWith(UNWRAPPED) ? error.getField().substring(UNWRAPPED.length())
				: error.getField();
		return Map.of("field", field, "message", String.valueOf(error.getDefaultMessage()));
	}

	private static final String UNWRAPPED = "spec.";

	// Jackson's message names the position and the problem on its first line; the rest is the
	// stack of references, which says nothing more to a client.
	private static String firstLine(HttpMessageNotReadableException ex) {
		Throwable cause = (ex.getMostSpecificCause() != null) ? ex.getMostSpecificCause() : ex;
		String message = String.valueOf(cause.getMessage());
		int newline = message.indexOf('\n');
		return "The request body is not valid JSON for this resource: "
				+ ((newline > 0) ? message.substring(0, newline) : message);
	}

}
