package dev.vigil.server.http;

import dev.vigil.model.ApiError;
import dev.vigil.server.access.InsufficientRole;
import dev.vigil.server.decisions.DecisionRefused;
import dev.vigil.server.notify.WebhookRefused;
import dev.vigil.server.pr.ScmIntegrationRefused;
import dev.vigil.server.store.StoreException;
import dev.vigil.server.triage.TriageRefused;
import dev.vigil.server.vex.VexRefused;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;

/** Maps every failure to the {error, message} body once: API refusals as they are, anything else as 500. */
public final class ErrorMapping {

    private static final Logger LOG = LoggerFactory.getLogger(ErrorMapping.class);

    private ErrorMapping() {
    }

    public static void register(HttpRouting.Builder routing) {
        routing.error(ApiException.class, ErrorMapping::refused)
                .error(TriageRefused.class, (request, response, e) -> refused(request, response, asApi(e)))
                .error(ScmIntegrationRefused.class, (request, response, e) -> refused(request, response, asApi(e)))
                .error(InsufficientRole.class, (request, response, e) -> refused(request, response, asApi(e)))
                .error(DecisionRefused.class, (request, response, e) -> refused(request, response, asApi(e)))
                .error(VexRefused.class, (request, response, e) -> refused(request, response, asApi(e)))
                .error(WebhookRefused.class, (request, response, e) -> refused(request, response, asApi(e)))
                .error(StoreException.class, ErrorMapping::storeFailed)
                .error(Throwable.class, ErrorMapping::failed);
    }

    /** Answers the request with {@code error}: used by handlers and filters alike. */
    public static void refused(ServerRequest request, ServerResponse response, ApiException error) {
        error.headers().forEach((name, value) -> response.header(HeaderNames.create(name), value));
        send(request, response, Status.create(error.status()), error.body());
    }

    /** A unique constraint refused a row that a concurrent request inserted first: a conflict, not a fault. */
    private static void storeFailed(ServerRequest request, ServerResponse response, StoreException error) {
        if (error.uniqueViolation()) {
            refused(request, response, new ApiException(409, "ALREADY_EXISTS",
                    "a concurrent request created the same resource first"));
        } else {
            failed(request, response, error);
        }
    }

    static ApiException asApi(TriageRefused e) {
        return switch (e.reason()) {
            case NOT_FOUND -> ApiException.notFound(e.subject());
            case VALIDATION_FAILED -> ApiException.validation(e.subject(), e.getMessage());
            case INSUFFICIENT_ROLE -> ApiException.insufficientRole(e.getMessage());
            case INVALID_TRANSITION -> ApiException.invalidTransition(e.getMessage());
        };
    }

    static ApiException asApi(ScmIntegrationRefused e) {
        return switch (e.reason()) {
            case NOT_FOUND -> ApiException.notFound(e.subject());
            case VALIDATION_FAILED -> ApiException.validation(e.subject(), e.getMessage());
        };
    }

    static ApiException asApi(DecisionRefused e) {
        return switch (e.reason()) {
            case NOT_FOUND -> ApiException.notFound(e.subject());
            case VALIDATION_FAILED -> ApiException.validation(e.subject(), e.getMessage());
        };
    }

    static ApiException asApi(VexRefused e) {
        return switch (e.reason()) {
            case NOT_FOUND -> ApiException.notFound(e.subject());
            case VALIDATION_FAILED -> ApiException.validation(e.subject(), e.getMessage());
        };
    }

    static ApiException asApi(WebhookRefused e) {
        return switch (e.reason()) {
            case NOT_FOUND -> ApiException.notFound(e.subject());
            case VALIDATION_FAILED -> ApiException.validation(e.subject(), e.getMessage());
        };
    }

    static ApiException asApi(InsufficientRole e) {
        return ApiException.insufficientRole(e.getMessage());
    }

    /** The refusal that stopped {@code error}, perhaps wrapped by a library (a body too slow, say), as answered. */
    public static Optional<ApiException> refusal(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            ApiException refusal = switch (cause) {
                case ApiException api -> api;
                case TriageRefused triage -> asApi(triage);
                case ScmIntegrationRefused scm -> asApi(scm);
                case InsufficientRole role -> asApi(role);
                case DecisionRefused decision -> asApi(decision);
                case VexRefused vex -> asApi(vex);
                case WebhookRefused webhook -> asApi(webhook);
                default -> null;
            };
            if (refusal != null) {
                return Optional.of(refusal);
            }
        }
        return Optional.empty();
    }

    private static void failed(ServerRequest request, ServerResponse response, Throwable error) {
        Optional<ApiException> refusal = refusal(error);
        if (refusal.isPresent()) {
            refused(request, response, refusal.get());
            return;
        }
        LOG.error("request {} {} failed [{}]", request.prologue().method().text(), request.path().path(),
                RequestIds.of(request), error);
        send(request, response, Status.INTERNAL_SERVER_ERROR_500,
                new ApiError("INTERNAL_ERROR", "the server failed to process the request; quote request id "
                        + RequestIds.of(request)));
    }

    private static void send(ServerRequest request, ServerResponse response, Status status, ApiError body) {
        if (response.isSent()) {
            return;
        }
        response.header(RequestIds.HEADER, RequestIds.of(request));
        JsonIo.send(response, status, body);
    }
}
