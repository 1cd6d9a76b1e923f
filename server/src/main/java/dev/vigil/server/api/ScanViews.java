package dev.vigil.server.api;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.PrComment;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanListItem;
import dev.vigil.model.ScanPolicy;
import dev.vigil.model.ScanSummary;
import dev.vigil.model.ScanWarning;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.store.PrCommentRepository;
import dev.vigil.server.store.ScanRow;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Turns stored scans into the records of the API. */
final class ScanViews {

    private static final TypeReference<List<ScanWarning>> WARNINGS = new TypeReference<>() { };
    private static final TypeReference<List<String>> PATHS = new TypeReference<>() { };
    private static final TypeReference<ScanPolicy> POLICY = new TypeReference<>() { };

    private ScanViews() {
    }

    static ScanListItem listItem(ScanRow s) {
        return new ScanListItem(s.id(), s.projectId(), s.projectName(), s.branch(), s.commitHash(), s.scanType(),
                s.status(), s.counts().total(), s.counts().critical(), s.counts().high(), s.isBlocked(),
                instant(s.createdAt()), instant(s.completedAt()));
    }

    static ScanDetail detail(ScanRow s, String sarif, Optional<PrCommentRepository.Entry> comment, String policy) {
        ScanRow.Counts n = s.counts();
        ScanSummary summary = new ScanSummary(n.critical(), n.high(), n.medium(), n.low(), n.info(), n.introduced(),
                n.debt(), n.blocking());
        return new ScanDetail(s.id(), s.projectId(), s.projectName(), s.branch(), s.commitHash(), s.scanType(),
                s.status(), n.total(), n.critical(), n.high(), s.isBlocked(), instant(s.createdAt()),
                instant(s.completedAt()), s.prId(), s.changedFiles() == null ? null : read(s.changedFiles(), PATHS),
                s.warnings() == null ? List.of() : read(s.warnings(), WARNINGS), instant(s.startedAt()), summary,
                new PrComment(s.prCommentStatus(), comment.map(PrCommentRepository.Entry::url).orElse(null),
                        comment.map(PrCommentRepository.Entry::lastError).orElse(null)),
                policy == null ? null : read(policy, POLICY), sarif == null ? null : tree(sarif));
    }

    private static Instant instant(Long millis) {
        return millis == null ? null : Instant.ofEpochMilli(millis);
    }

    private static <T> T read(String json, TypeReference<T> type) {
        try {
            return JsonIo.mapper().readValue(json, type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode tree(String json) {
        try {
            return JsonIo.mapper().readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
