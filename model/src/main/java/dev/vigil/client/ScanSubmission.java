package dev.vigil.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.vigil.model.Json;
import dev.vigil.model.ScanType;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * What {@code POST /v1/scans} takes (specification 4.1). {@code prId} asks for a pull-request comment;
 * {@code changedFiles}, even empty, enables technical-debt detection.
 */
public record ScanSubmission(ScanArchive archive, UUID projectId, String branch, String commitHash,
                             ScanType scanType, Optional<Integer> prId, Optional<List<String>> changedFiles) {

    static final String ARCHIVE_FILENAME = "source.tar.gz";
    static final String ARCHIVE_CONTENT_TYPE = "application/gzip";

    public ScanSubmission {
        Objects.requireNonNull(archive, "archive");
        Objects.requireNonNull(projectId, "projectId");
        Objects.requireNonNull(branch, "branch");
        Objects.requireNonNull(commitHash, "commitHash");
        Objects.requireNonNull(scanType, "scanType");
        Objects.requireNonNull(prId, "prId");
        changedFiles = changedFiles.map(List::copyOf);
    }

    public static ScanSubmission of(ScanArchive archive, UUID projectId, String branch, String commitHash,
                                    ScanType scanType) {
        return new ScanSubmission(archive, projectId, branch, commitHash, scanType, Optional.empty(),
                Optional.empty());
    }

    public ScanSubmission withPrId(int value) {
        return new ScanSubmission(archive, projectId, branch, commitHash, scanType, Optional.of(value), changedFiles);
    }

    public ScanSubmission withChangedFiles(List<String> value) {
        return new ScanSubmission(archive, projectId, branch, commitHash, scanType, prId, Optional.of(value));
    }

    /**
     * The form as the typed client sends it: the fields first, so that a server can validate them before
     * reading the archive, then {@code files}. Tests may add or repeat fields before sending it raw.
     */
    public MultipartForm toForm() {
        MultipartForm form = new MultipartForm()
                .field("project_id", projectId.toString())
                .field("branch", branch)
                .field("commit_hash", commitHash)
                .field("scan_type", scanType.wire());
        prId.ifPresent(id -> form.field("pr_id", id.toString()));
        changedFiles.ifPresent(files -> form.field("changed_files", jsonArray(files)));
        return switch (archive) {
            case ScanArchive.OfFile(var path) -> form.file("files", ARCHIVE_FILENAME, ARCHIVE_CONTENT_TYPE, path);
            case ScanArchive.OfBytes(var bytes) -> form.file("files", ARCHIVE_FILENAME, ARCHIVE_CONTENT_TYPE, bytes);
        };
    }

    private static String jsonArray(List<String> files) {
        try {
            return Json.mapper().writeValueAsString(files);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
