package dev.vigil.model;

import java.time.Instant;
import java.util.UUID;

public record Project(UUID id, String name, String defaultBranch, Instant createdAt) {
}
