package dev.vigil.desktop.testing;

import javafx.event.Event;
import javafx.event.EventType;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.PickResult;
import org.testfx.api.FxRobot;

/**
 * A click or a drag fired at a node as the platform reports a user's. JavaFX's headless platform marks
 * every robot press as a popup trigger (its {@code HeadlessRobot.mousePress} says so for any button), and a
 * table header ignores a click that began as one: a robot's click on a header never sorts there. The
 * events here are a primary-button gesture that is not a popup trigger, fired where the header's and the
 * resize border's own handlers receive them.
 */
public final class FiredMouse {

    private FiredMouse() {
    }

    /** A primary click on {@code node}'s centre: pressed, released and clicked without moving. */
    public static void click(FxRobot robot, Node node) {
        robot.interact(() -> {
            Point2D at = centre(node);
            fire(node, MouseEvent.MOUSE_PRESSED, at, true, false);
            fire(node, MouseEvent.MOUSE_RELEASED, at, false, true);
            fire(node, MouseEvent.MOUSE_CLICKED, at, false, true);
        });
    }

    /** A primary drag from {@code node}'s centre by {@code dx} pixels to the right, in two moves. */
    public static void drag(FxRobot robot, Node node, double dx) {
        robot.interact(() -> {
            Point2D from = centre(node);
            fire(node, MouseEvent.MOUSE_PRESSED, from, true, false);
            fire(node, MouseEvent.MOUSE_DRAGGED, from.add(dx / 2, 0), true, false);
            fire(node, MouseEvent.MOUSE_DRAGGED, from.add(dx, 0), true, false);
            fire(node, MouseEvent.MOUSE_RELEASED, from.add(dx, 0), false, false);
        });
    }

    private static Point2D centre(Node node) {
        Bounds bounds = node.localToScene(node.getBoundsInLocal());
        return new Point2D(bounds.getCenterX(), bounds.getCenterY());
    }

    private static void fire(Node node, EventType<MouseEvent> type, Point2D scene, boolean down, boolean still) {
        Point2D screen = node.getScene().getRoot().localToScreen(scene);
        Event.fireEvent(node, new MouseEvent(type, scene.getX(), scene.getY(), screen.getX(), screen.getY(),
                MouseButton.PRIMARY, 1, false, false, false, false, down, false, false, false, false, still,
                new PickResult(node, scene.getX(), scene.getY())));
    }
}
