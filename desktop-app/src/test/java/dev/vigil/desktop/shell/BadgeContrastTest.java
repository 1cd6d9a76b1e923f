package dev.vigil.desktop.shell;

import dev.vigil.model.Severity;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.Background;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.stage.Stage;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every badge (severity, finding status, scan status, key state) has text at least 4.5:1 against its
 * background (WCAG 2.x AA), in both themes: the colours are read from the styled nodes, a translucent tint
 * laid over the page's background first.
 */
@ExtendWith(ApplicationExtension.class)
class BadgeContrastTest {

    private final StackPane page = new StackPane();
    private final FlowPane badges = new FlowPane(8, 8);
    private final List<Label> all = new ArrayList<>();
    private Scene scene;

    @Start
    void start(Stage stage) {
        for (Severity severity : Severity.values()) {
            all.add(new SeverityBadge(severity));
        }
        all.add(chip("open", "status-chip"));
        for (String state : List.of("pending", "running", "completed", "failed")) {
            all.add(chip(state, "scan-status", state));
        }
        for (String state : List.of("active", "expired", "revoked")) {
            all.add(chip(state, "status-chip", "key-state", state));
        }
        badges.getChildren().addAll(all);
        page.getStyleClass().add("page-area");
        page.getChildren().add(badges);
        BorderPane root = new BorderPane(page);
        root.getStyleClass().add("vigil-root");
        scene = new Scene(root, 600, 200);
        stage.setScene(scene);
        stage.show();
    }

    @ParameterizedTest(name = "dark theme: {0}")
    @ValueSource(booleans = {false, true})
    void everyBadgeReadsAtLeastFourAndAHalfToOne(boolean dark, FxRobot robot) {
        robot.interact(() -> {
            Theme.apply(scene, dark);
            scene.getRoot().applyCss();
        });
        Color pageColour = solid(page.getBackground());

        for (Label badge : all) {
            Color background = over(solid(badge.getBackground()), pageColour);
            Color text = (Color) badge.getTextFill();
            assertThat(contrast(text, background)).as("%s %s on %s", badge.getStyleClass(), text, background)
                    .isGreaterThanOrEqualTo(4.5);
        }
    }

    private static Label chip(String text, String... styles) {
        Label chip = new Label(text);
        chip.getStyleClass().addAll(styles);
        return chip;
    }

    private static Color solid(Background background) {
        assertThat(background).isNotNull();
        Paint fill = background.getFills().getLast().getFill();
        return (Color) fill;
    }

    /** {@code top}, translucent, laid over the opaque {@code below}. */
    static Color over(Color top, Color below) {
        double a = top.getOpacity();
        return Color.color(top.getRed() * a + below.getRed() * (1 - a), top.getGreen() * a + below.getGreen() * (1 - a),
                top.getBlue() * a + below.getBlue() * (1 - a));
    }

    /** The WCAG 2.x contrast ratio of two opaque colours, 1 to 21. */
    static double contrast(Color a, Color b) {
        double first = luminance(a);
        double second = luminance(b);
        return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
    }

    private static double luminance(Color colour) {
        return 0.2126 * linear(colour.getRed()) + 0.7152 * linear(colour.getGreen()) + 0.0722 * linear(colour.getBlue());
    }

    private static double linear(double channel) {
        return channel <= 0.03928 ? channel / 12.92 : Math.pow((channel + 0.055) / 1.055, 2.4);
    }
}
