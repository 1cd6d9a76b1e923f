package dev.vigil.model;

import java.util.UUID;

public record User(UUID id, String email, Role role) {
}
