package dev.chokepoint.agent.probe.weave;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * One method as the first reading of its class found it: what the weaver needs to add code that
 * the JVM's verifier accepts without recomputing the method's frames (which would load classes).
 *
 * <p>The hooks read the method's own parameters (and {@code this}) after its body ran, at a
 * single exit block every return jumps to, and, with {@code alsoOnThrow}, from a handler that
 * covers the whole body. That is valid only when those slots still hold the declared types there:
 * the reading records, per parameter slot, whether its type ever differs (the body stores
 * something else into it, or a frame drops it as dead) and whether it differs at a return; and
 * whether a return leaves more than the returned value on the stack (javac never does).
 */
final class MethodShape {

    private final String owner;
    private final int access;
    private final String name;
    private final String descriptor;
    private final Map<String, String> fields;
    private final boolean frames;
    private final List<Object> parameterTypes;
    private final BitSet changedAnywhere = new BitSet();
    private final BitSet changedAtReturn = new BitSet();
    private boolean extraStackAtReturn;
    private boolean subroutines;
    private int maxLocals;

    MethodShape(String owner, int access, String name, String descriptor, Map<String, String> fields, boolean frames) {
        this.owner = owner;
        this.access = access;
        this.name = name;
        this.descriptor = descriptor;
        this.fields = fields;
        this.frames = frames;
        this.parameterTypes = parameterFrameTypes();
    }

    /** Frame types of {@code this} (initialized) and the parameters, one entry per value. */
    private List<Object> parameterFrameTypes() {
        List<Object> types = new ArrayList<>();
        if (!isStatic()) {
            types.add(owner);
        }
        for (Type parameter : Type.getArgumentTypes(descriptor)) {
            types.add(frameType(parameter));
        }
        return types;
    }

    static Object frameType(Type type) {
        return switch (type.getSort()) {
            case Type.BOOLEAN, Type.CHAR, Type.BYTE, Type.SHORT, Type.INT -> Opcodes.INTEGER;
            case Type.FLOAT -> Opcodes.FLOAT;
            case Type.LONG -> Opcodes.LONG;
            case Type.DOUBLE -> Opcodes.DOUBLE;
            case Type.ARRAY -> type.getDescriptor();
            default -> type.getInternalName();
        };
    }

    /**
     * Called before each instruction with the locals and stack as the analyzer has them; null when
     * it does not know them: after a jump in a method without stack map frames, i.e. a class the
     * JVM does not verify (HotSpot drops the frames of the bootstrap classes it trusts, so a
     * retransformed {@code ThreadPoolExecutor} has none). There {@link #stored} decides alone.
     */
    void observe(List<Object> locals, int opcode, List<Object> stack) {
        boolean returns = opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN;
        if (locals == null) {
            return;
        }
        int slot = 0;
        for (Object expected : parameterTypes) {
            boolean same = slot < locals.size() && expected.equals(locals.get(slot));
            if (!same && !(slot == 0 && isConstructor())) {
                changedAnywhere.set(slot);
            }
            if (!same && returns) {
                changedAtReturn.set(slot);
            }
            slot += size(expected);
        }
        if (returns && stack.size() != Type.getReturnType(descriptor).getSize()) {
            extraStackAtReturn = true;
        }
    }

    /**
     * The body stores into {@code slot} with {@code opcode} ({@code ISTORE} … {@code ASTORE},
     * {@code IINC}): a parameter it overwrites with a value of another kind, or half of, no longer
     * holds its declared type.
     */
    void stored(int slot, int opcode) {
        int start = 0;
        for (Object expected : parameterTypes) {
            int size = size(expected);
            boolean overlaps = slot < start + size && slot + storeSize(opcode) > start;
            if (overlaps && (slot != start || storeKind(opcode) != kind(expected))) {
                changedAnywhere.set(start);
                changedAtReturn.set(start);
            }
            start += size;
        }
    }

    /** Slots a value of this frame type takes: ASM's expanded frames list a long or double once. */
    static int size(Object frameType) {
        return frameType == Opcodes.LONG || frameType == Opcodes.DOUBLE ? 2 : 1;
    }

    private static int storeSize(int opcode) {
        return opcode == Opcodes.LSTORE || opcode == Opcodes.DSTORE ? 2 : 1;
    }

    /** What kind of value a store opcode writes, as a frame type; a reference is {@code NULL} here. */
    private static Object storeKind(int opcode) {
        return switch (opcode) {
            case Opcodes.ISTORE, Opcodes.IINC -> Opcodes.INTEGER;
            case Opcodes.LSTORE -> Opcodes.LONG;
            case Opcodes.FSTORE -> Opcodes.FLOAT;
            case Opcodes.DSTORE -> Opcodes.DOUBLE;
            default -> Opcodes.NULL;
        };
    }

    private static Object kind(Object frameType) {
        return frameType instanceof String ? Opcodes.NULL : frameType;
    }

    void sawSubroutine() {
        subroutines = true;
    }

    void maxLocals(int slots) {
        maxLocals = slots;
    }

    /**
     * Why {@code hooks}, reading {@code readSlots} at the exit, cannot be woven here; null when
     * they can.
     */
    String refusal(MethodHooks hooks, BitSet readSlots) {
        boolean exits = !hooks.exit().isEmpty();
        if (subroutines) {
            return "it uses subroutines (jsr/ret)";
        }
        if (!frames && exits) {
            return "its class file predates Java 6 (no stack map frames to keep the exit hooks verifiable)";
        }
        if (isConstructor() && (hooks.entry() != null || hooks.runsOnThrow())) {
            return "constructors only take exit hooks on return";
        }
        if (exits && extraStackAtReturn) {
            return "a return leaves more than its value on the stack";
        }
        BitSet changed = (BitSet) (hooks.runsOnThrow() ? changedAnywhere : changedAtReturn).clone();
        changed.and(readSlots);
        return changed.isEmpty() ? null : "the exit hooks read local slots " + changed + " whose declared type the body does not keep";
    }

    String owner() {
        return owner;
    }

    String name() {
        return name;
    }

    String descriptor() {
        return descriptor;
    }

    boolean isStatic() {
        return (access & Opcodes.ACC_STATIC) != 0;
    }

    boolean isConstructor() {
        return "<init>".equals(name);
    }

    boolean frames() {
        return frames;
    }

    int maxLocals() {
        return maxLocals;
    }

    List<Object> parameterTypes() {
        return parameterTypes;
    }

    /** The descriptor of the class's field {@code field}; throws when it has none. */
    String fieldDescriptor(String field) {
        String found = fields.get(field);
        if (found == null) {
            throw new IllegalArgumentException(owner.replace('/', '.') + " has no field '" + field + "'");
        }
        return found;
    }

    @Override
    public String toString() {
        return owner.replace('/', '.') + "." + name + descriptor;
    }
}
