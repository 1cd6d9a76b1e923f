package dev.vigil.desktop.testing;

import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/** Waiting in TestFX tests for what background work brings to the UI thread. */
public final class Fx {

    private Fx() {
    }

    /** Waits (at most {@code seconds}) until {@code condition}, checked on the FX thread, holds. */
    public static void waitUntil(int seconds, BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition::getAsBoolean).get());
        } catch (TimeoutException e) {
            throw new AssertionError("condition not reached within " + seconds + " s", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }
}
