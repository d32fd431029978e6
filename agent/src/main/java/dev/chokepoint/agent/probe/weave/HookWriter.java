package dev.chokepoint.agent.probe.weave;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Writes a hook's bytecode into the woven method: loads of {@code this}, the arguments, a field,
 * the returned value; calls; temporaries and a null test. It keeps the frame of the code it
 * writes (the method's base frame plus the temporaries), so a branch's target gets a frame the
 * verifier accepts, and it records which of the method's slots the hook reads.
 *
 * <p>Branches are statements: {@link #ifNull} and {@link #ifNonNull} start and end with an empty
 * operand stack, and temporaries made inside them are gone after.
 */
public final class HookWriter {

    /** Where the hook runs: the returned value is known at {@code EXIT}, absent ({@code null}, 0) at {@code THROWN}. */
    enum Site { ENTRY, EXIT, THROWN }

    private final MethodVisitor code;
    private final MethodShape method;
    private final Site site;
    private final int returnedSlot;
    private final List<Object> locals;
    private final List<Integer> tempSlots = new ArrayList<>();
    private final List<Type> tempTypes = new ArrayList<>();
    private final BitSet readSlots = new BitSet();
    private int nextSlot;
    private int maxSlot;

    /**
     * @param locals the frame's locals where the hook starts, one entry per value as in ASM's
     *               expanded frames (copied); temporaries go after them. At {@code EXIT} the
     *               returned value is the entry in the slot after the method's own.
     */
    HookWriter(MethodVisitor code, MethodShape method, Site site, List<Object> locals) {
        this.code = code;
        this.method = method;
        this.site = site;
        this.locals = new ArrayList<>(locals);
        this.returnedSlot = method.maxLocals();
        this.nextSlot = slots(locals);
        this.maxSlot = nextSlot;
    }

    private static int slots(List<Object> locals) {
        int slots = 0;
        for (Object type : locals) {
            slots += MethodShape.size(type);
        }
        return slots;
    }

    public HookWriter thisObject() {
        if (method.isStatic()) {
            throw new IllegalStateException(method + " is static: it has no 'this'");
        }
        code.visitVarInsn(Opcodes.ALOAD, 0);
        readSlots.set(0);
        return this;
    }

    /** Loads argument {@code index} (0: the first declared parameter). */
    public HookWriter argument(int index) {
        Type type = argumentType(index);
        int slot = argumentSlot(index);
        code.visitVarInsn(type.getOpcode(Opcodes.ILOAD), slot);
        readSlots.set(slot);
        return this;
    }

    /** Replaces argument {@code index} with the value on the stack (of its declared type); at entry only. */
    public HookWriter setArgument(int index) {
        if (site != Site.ENTRY) {
            throw new IllegalStateException("an argument is replaced at the method's entry only");
        }
        code.visitVarInsn(argumentType(index).getOpcode(Opcodes.ISTORE), argumentSlot(index));
        return this;
    }

    /** Loads {@code this}'s field {@code name} of type {@code descriptor}, declared by the woven class itself. */
    public HookWriter field(String name, String descriptor) {
        String declared = method.fieldDescriptor(name);
        if (!declared.equals(descriptor)) {
            throw new IllegalStateException(method.owner().replace('/', '.') + "." + name + " is " + declared
                    + ", the hooks are written for " + descriptor);
        }
        thisObject();
        code.visitFieldInsn(Opcodes.GETFIELD, method.owner(), name, descriptor);
        return this;
    }

    /** Loads the woven class's {@code Class} object. */
    public HookWriter ownClass() {
        code.visitLdcInsn(Type.getObjectType(method.owner()));
        return this;
    }

    /** Loads the value the method returns; {@code null} or zero when it threw. */
    public HookWriter returned() {
        Type type = returnType();
        switch (site) {
            case EXIT -> code.visitVarInsn(type.getOpcode(Opcodes.ILOAD), returnedSlot);
            case THROWN -> code.visitInsn(zero(type));
            default -> throw new IllegalStateException("the returned value is read at the exit only");
        }
        return this;
    }

    /** The method returns the value on the stack instead (dropped when it threw). */
    public HookWriter setReturned() {
        Type type = returnType();
        switch (site) {
            case EXIT -> code.visitVarInsn(type.getOpcode(Opcodes.ISTORE), returnedSlot);
            case THROWN -> code.visitInsn(type.getSize() == 2 ? Opcodes.POP2 : Opcodes.POP);
            default -> throw new IllegalStateException("the returned value is replaced at the exit only");
        }
        return this;
    }

    /** Loads {@code null}. */
    public HookWriter nothing() {
        code.visitInsn(Opcodes.ACONST_NULL);
        return this;
    }

    public HookWriter constant(String value) {
        code.visitLdcInsn(value);
        return this;
    }

    /** Calls the agent's public static method {@code name} of {@code owner}, the only one so named. */
    public HookWriter callStatic(Class<?> owner, String name) {
        Method found = null;
        for (Method candidate : owner.getDeclaredMethods()) {
            if (candidate.getName().equals(name) && Modifier.isStatic(candidate.getModifiers())) {
                if (found != null) {
                    throw new IllegalArgumentException(owner.getName() + " has more than one static " + name);
                }
                found = candidate;
            }
        }
        if (found == null) {
            throw new IllegalArgumentException(owner.getName() + " has no static " + name);
        }
        return callStatic(Type.getInternalName(owner), name, Type.getMethodDescriptor(found));
    }

    /** {@code owner}: an internal name ({@code a/b/C}), for a class the agent must not load itself. */
    public HookWriter callStatic(String owner, String name, String descriptor) {
        code.visitMethodInsn(Opcodes.INVOKESTATIC, owner, name, descriptor, false);
        return this;
    }

    public HookWriter callVirtual(String owner, String name, String descriptor) {
        code.visitMethodInsn(Opcodes.INVOKEVIRTUAL, owner, name, descriptor, false);
        return this;
    }

    public HookWriter callInterface(String owner, String name, String descriptor) {
        code.visitMethodInsn(Opcodes.INVOKEINTERFACE, owner, name, descriptor, true);
        return this;
    }

    /** {@code internalName}: {@code a/b/C}. */
    public HookWriter cast(String internalName) {
        code.visitTypeInsn(Opcodes.CHECKCAST, internalName);
        return this;
    }

    public HookWriter pop() {
        code.visitInsn(Opcodes.POP);
        return this;
    }

    /** Stores the value on the stack in a new temporary of {@code typeDescriptor}; returns the temporary. */
    public int keep(String typeDescriptor) {
        Type type = Type.getType(typeDescriptor);
        int temp = tempSlots.size();
        tempSlots.add(nextSlot);
        tempTypes.add(type);
        locals.add(MethodShape.frameType(type));
        nextSlot += type.getSize();
        maxSlot = Math.max(maxSlot, nextSlot);
        store(temp);
        return temp;
    }

    public HookWriter load(int temp) {
        code.visitVarInsn(tempTypes.get(temp).getOpcode(Opcodes.ILOAD), tempSlots.get(temp));
        return this;
    }

    public HookWriter store(int temp) {
        code.visitVarInsn(tempTypes.get(temp).getOpcode(Opcodes.ISTORE), tempSlots.get(temp));
        return this;
    }

    /** Runs {@code then} when reference temporary {@code temp} is null. */
    public HookWriter ifNull(int temp, HookCode then) {
        return branch(Opcodes.IFNONNULL, temp, then);
    }

    /** Runs {@code then} when reference temporary {@code temp} is not null. */
    public HookWriter ifNonNull(int temp, HookCode then) {
        return branch(Opcodes.IFNULL, temp, then);
    }

    private HookWriter branch(int skipOpcode, int temp, HookCode then) {
        int temps = tempSlots.size();
        int localsSize = locals.size();
        int slot = nextSlot;
        Label skip = new Label();
        load(temp);
        code.visitJumpInsn(skipOpcode, skip);
        then.write(this);
        // What "then" made is out of scope after it: the frame at the join has the locals before.
        while (tempSlots.size() > temps) {
            tempSlots.remove(tempSlots.size() - 1);
            tempTypes.remove(tempTypes.size() - 1);
        }
        while (locals.size() > localsSize) {
            locals.remove(locals.size() - 1);
        }
        nextSlot = slot;
        code.visitLabel(skip);
        frame(List.of());
        return this;
    }

    private void frame(List<Object> stack) {
        frame(code, method, locals, stack);
    }

    /**
     * A full frame here with {@code locals} and {@code stack} (none in a class file without frames),
     * then a no-op, so that no two frames share an offset (the method's first instruction may have one).
     */
    static void frame(MethodVisitor code, MethodShape method, List<Object> locals, List<Object> stack) {
        if (method.frames()) {
            code.visitFrame(Opcodes.F_NEW, locals.size(), locals.toArray(), stack.size(), stack.toArray());
        }
        code.visitInsn(Opcodes.NOP);
    }

    /** The method's slots the hook read ({@code this}, arguments). */
    BitSet readSlots() {
        return readSlots;
    }

    /** One past the highest slot a temporary took. */
    int maxSlot() {
        return maxSlot;
    }

    private Type returnType() {
        Type type = Type.getReturnType(method.descriptor());
        if (type.getSort() == Type.VOID || method.isConstructor()) {
            throw new IllegalStateException(method + " returns nothing");
        }
        return type;
    }

    private Type argumentType(int index) {
        Type[] arguments = Type.getArgumentTypes(method.descriptor());
        if (index < 0 || index >= arguments.length) {
            throw new IllegalArgumentException(method + " has no argument " + index);
        }
        return arguments[index];
    }

    private int argumentSlot(int index) {
        int slot = method.isStatic() ? 0 : 1;
        Type[] arguments = Type.getArgumentTypes(method.descriptor());
        for (int i = 0; i < index; i++) {
            slot += arguments[i].getSize();
        }
        return slot;
    }

    private static int zero(Type type) {
        return switch (type.getSort()) {
            case Type.LONG -> Opcodes.LCONST_0;
            case Type.FLOAT -> Opcodes.FCONST_0;
            case Type.DOUBLE -> Opcodes.DCONST_0;
            case Type.OBJECT, Type.ARRAY -> Opcodes.ACONST_NULL;
            default -> Opcodes.ICONST_0;
        };
    }
}
