package dev.chokepoint.examples.market;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.client.RestClientException;

import java.util.Map;

/**
 * Invalid request values (paging out of range, an empty order) answer 400 with the reason; a
 * failed or timed-out remote call answers 502, so load tools count it as the dependency's error.
 */
@RestControllerAdvice
class ErrorAnswers {

    @ExceptionHandler(IllegalArgumentException.class)
    @ResponseStatus(HttpStatus.BAD_REQUEST)
    Map<String, String> badRequest(IllegalArgumentException e) {
        return Map.of("error", e.getMessage());
    }

    @ExceptionHandler(RestClientException.class)
    @ResponseStatus(HttpStatus.BAD_GATEWAY)
    Map<String, String> remoteFailed(RestClientException e) {
        return Map.of("error", "the embedding service failed: " + e.getMessage());
    }
}
